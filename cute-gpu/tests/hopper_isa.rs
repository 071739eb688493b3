//! The sm_90a instructions print as the PTX ISA writes them.
use cute_gpu::hopper::isa::*;
use cute_gpu::ptx::Address;
use cute_gpu::ptx::{kind, KernelBuilder};

#[test]
fn wgmma_prints_the_operand_order_of_the_isa() {
    let mut b = KernelBuilder::new("k");
    let acc = b.regs::<kind::F32>(4);
    let da = b.reg::<kind::U64>();
    let db = b.reg::<kind::U64>();
    let p = b.reg::<kind::Pred>();
    let i = HopperInstr::Wgmma {
        n: 8,
        input: Half::Bf16,
        acc: acc.iter().map(|r| r.id()).collect(),
        desc_a: da.id(),
        desc_b: db.id(),
        scale_d: p.id(),
        trans_b: false,
    };
    assert_eq!(
        i.to_string(),
        "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {%f0, %f1, %f2, %f3}, %rd0, %rd1, %p0, 1, 1, 0, 0;"
    );
}

#[test]
fn tma_load_names_map_coordinates_and_barrier() {
    let mut b = KernelBuilder::new("k");
    let s = b.reg::<kind::U32>();
    let map = b.reg::<kind::U64>();
    let c0 = b.reg::<kind::U32>();
    let c1 = b.reg::<kind::U32>();
    let i = HopperInstr::TmaLoad {
        dst: Address::at(s, 1024),
        map: map.id(),
        coords: [c0.id(), c1.id()],
        bar: Address::at(s, 8),
    };
    assert_eq!(
        i.to_string(),
        "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r0+1024], [%rd0, {%r1, %r2}], [%r0+8];"
    );
}

#[test]
fn the_wait_loop_traps_after_its_spin_limit() {
    let mut b = KernelBuilder::new("k");
    let s = b.reg::<kind::U32>();
    let ph = b.reg::<kind::U32>();
    let stuck = b.label();
    b.wait_parity(Address::at(s, 0), ph, 1000, stuck);
    b.ret();
    b.stuck_block(stuck, true);
    let k = b.finish();
    let text = k.to_string();
    assert!(
        text.contains("mbarrier.try_wait.parity.shared::cta.b64 %p0, [%r0], %r1;"),
        "{text}"
    );
    assert!(text.contains("setp.gt.u32 %p1, %r2, 1000;"), "{text}");
    assert!(text.contains("@%p1 bra $L__0;"), "{text}");
    assert!(
        text.ends_with("$L__0:\n\twgmma.wait_group.sync.aligned 0;\n\ttrap;\n}\n"),
        "{text}"
    );
}
