//! Every shipped Hopper kernel generates, and its PTX has the structure the
//! configuration implies: one wgmma per (k16 step, m64 block), the stage's exact
//! byte count announced to the barrier, one TMA load per box, barriers for every
//! stage, no function calls (C7510) and no accumulator written by anything but
//! wgmma (C7515).
use cute_gpu::hopper::kernel::Output;
use cute_gpu::hopper::layouts::OperandMajor;
use cute_gpu::hopper::shipped::{all_io, shipped};

fn count(text: &str, needle: &str) -> usize {
    text.matches(needle).count()
}

#[test]
fn shipped_kernels_have_the_structure_of_their_configuration() {
    for s in shipped() {
        for io in all_io() {
            let k = s
                .kernel(io)
                .unwrap_or_else(|e| panic!("{} {io:?}: {e:?}", s.name));
            let p = k.params;
            let text = k.kernel.to_string();
            let name = &k.kernel.name;
            assert_eq!(
                count(&text, "wgmma.mma_async"),
                p.bk() / 16 * p.m_blocks(),
                "{name}"
            );
            let n = format!(
                "wgmma.mma_async.sync.aligned.m64n{}k16.f32.{t}.{t} ",
                p.bn(),
                t = io.input.name()
            );
            assert_eq!(count(&text, &n), p.bk() / 16 * p.m_blocks(), "{name}");
            let trans = if io.b_major == OperandMajor::Mn {
                ", 0, 1;"
            } else {
                ", 0, 0;"
            };
            for line in text.lines().filter(|l| l.contains("wgmma.mma_async")) {
                assert!(line.ends_with(trans), "{name}: {line}");
                // the accumulators are n/2 distinct f32 registers
                let regs = line.split('{').nth(1).unwrap().split('}').next().unwrap();
                assert_eq!(regs.split(", ").count(), p.bn() / 2, "{name}");
            }
            let bytes = (p.bm() + p.bn()) * p.bk() * 2;
            let expect = "mbarrier.arrive.expect_tx.shared::cta.b64 _, ";
            for line in text.lines().filter(|l| l.contains(expect)) {
                assert!(line.ends_with(&format!(", {bytes};")), "{name}: {line}");
            }
            assert_eq!(
                count(&text, "mbarrier.init.shared::cta.b64"),
                2 * p.stages(),
                "{name}"
            );
            assert_eq!(
                count(&text, &format!("], {};", p.consumers())),
                p.stages() + if p.consumers() == 1 { p.stages() } else { 0 },
                "{name}"
            );
            let b_boxes = if io.b_major == OperandMajor::Mn {
                p.bn() / 64
            } else {
                1
            };
            let loads = count(&text, "cp.async.bulk.tensor.2d.shared::cluster.global");
            match p.warp_specialized() {
                // one producer issue point: A plus B's boxes
                Some(_) => assert_eq!(loads, 1 + b_boxes, "{name}"),
                // prologue (one per stage) plus the refill
                None => assert_eq!(loads, (p.stages() + 1) * (1 + b_boxes), "{name}"),
            }
            assert!(
                text.contains(&format!(".maxntid {}, 1, 1", p.threads())),
                "{name}"
            );
            assert_eq!(
                count(&text, "setmaxnreg"),
                if p.warp_specialized().is_some() { 2 } else { 0 },
                "{name}"
            );
            assert!(!text.contains("call") && !text.contains(".func"), "{name}");
            let tma_store = p.tma_store() && matches!(io.output, Output::Half(_));
            assert_eq!(text.contains("stmatrix"), tma_store, "{name}");
            assert_eq!(
                text.contains("cp.async.bulk.tensor.2d.global.shared::cta"),
                tma_store,
                "{name}"
            );
            // no instruction but wgmma writes an accumulator (%f registers)
            for line in text.lines().map(str::trim) {
                let body = line
                    .trim_start_matches(|c| c != ' ' && line.starts_with('@'))
                    .trim();
                let mut parts = body.splitn(2, ' ');
                let (op, rest) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
                if op.starts_with("wgmma")
                    || op.starts_with("st.")
                    || op.starts_with('.')
                    || op.is_empty()
                {
                    continue;
                }
                assert!(
                    !rest.starts_with("%f"),
                    "{name}: {line} writes an accumulator"
                );
            }
        }
    }
}

#[test]
fn kernel_names_say_configuration_formats_and_b_layout() {
    let names: Vec<String> = all_io()
        .into_iter()
        .map(|io| shipped()[0].kernel(io).unwrap().kernel.name)
        .collect();
    assert!(names.contains(&"hgemm_r1_tma_wgmma_bf16_bf16".to_string()));
    assert!(names.contains(&"hgemm_r1_tma_wgmma_f16_f32_bkn".to_string()));
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len());
}
