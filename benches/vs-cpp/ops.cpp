// The C++ side of benches/vs-cpp/run.sh: CuTe 4.2 layout operations on `int`
// leaves (run-time values, as a typed mixed layout with i64 leaves holds them),
// timed the same way as benches/vs-cpp/ops.rs times the Rust side.
//
// Each input value is read from a volatile array inside the timed loop, and
// each result escapes through an empty asm statement, so that g++ can neither
// fold the operation nor hoist it out of the loop.
#include <cute/tensor.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace cute;

volatile int V[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 16, 32, 64, 128};
enum { I0, I1, I2, I3, I4, I5, I6, I7, I8, I16, I32, I64, I128 };
static inline int v(int k) { return V[k]; }

template <class T>
static inline void escape(T const& t) {
  asm volatile("" : : "r"(&t) : "memory");
}

// Median over `rounds` of the mean time per call of `iters` calls, in ns.
template <class F>
static double median_ns(F f, int iters, int rounds) {
  std::vector<double> t;
  for (int r = 0; r < rounds; ++r) {
    auto a = std::chrono::steady_clock::now();
    for (int i = 0; i < iters; ++i) f();
    auto b = std::chrono::steady_clock::now();
    t.push_back(std::chrono::duration<double, std::nano>(b - a).count() / iters);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

#define CASE(name, expr)                                                    \
  do {                                                                      \
    if (show) { print(name); print("\t"); print(expr); print("\n"); }       \
    else printf("%s\t%.2f\n", name,                                         \
                median_ns([&] { auto r = expr; escape(r); }, iters, rounds)); \
  } while (0)

int main(int argc, char** argv) {
  (void)argc; (void)argv;
  bool show = getenv("SHOW") != nullptr;
  int iters = 200000, rounds = 31;
  CASE("composition",
       composition(make_layout(make_shape(v(I4), make_shape(v(I2), v(I3))),
                               make_stride(v(I1), make_stride(v(I4), v(I8)))),
                   make_layout(make_shape(v(I2), v(I3)), make_stride(v(I3), v(I1)))));
  CASE("logical_divide",
       logical_divide(make_layout(make_shape(v(I128), v(I64)), make_stride(v(I1), v(I128))),
                      make_tile(make_layout(v(I32), v(I1)), make_layout(v(I16), v(I1)))));
  CASE("zipped_divide",
       zipped_divide(make_layout(make_shape(v(I128), v(I64)), make_stride(v(I1), v(I128))),
                     make_tile(make_layout(v(I32), v(I1)), make_layout(v(I16), v(I1)))));
  CASE("logical_product",
       logical_product(make_layout(make_shape(v(I4), v(I8)), make_stride(v(I8), v(I1))),
                       make_tile(make_layout(v(I2), v(I1)), make_layout(v(I4), v(I1)))));
  CASE("coalesce",
       coalesce(make_layout(
           make_shape(make_shape(v(I4), v(I8)), make_shape(v(I2), make_shape(v(I2), v(I4)))),
           make_stride(make_stride(v(I1), v(I4)),
                       make_stride(v(I32), make_stride(v(I64), v(I128)))))));
  CASE("complement", complement(make_layout(v(I4), v(I2)), v(I64)));
  CASE("right_inverse",
       right_inverse(make_layout(make_shape(v(I2), make_shape(v(I8), v(I2)), v(I8)),
                                 make_stride(v(I16), make_stride(v(I32), v(I8)), v(I1)))));
  CASE("crd2idx",
       crd2idx(make_coord(v(I5), v(I7)),
               make_shape(v(I128), v(I64)), make_stride(v(I1), v(I128))));
  CASE("idx2crd", idx2crd(v(I128) * v(I7) + v(I5), make_shape(v(I128), v(I64))));
  // A mixed layout (static and run-time leaves), as typed mixed layouts hold them.
  CASE("comp_mixed",
       composition(make_layout(make_shape(Int<4>{}, make_shape(Int<2>{}, v(I6))),
                               make_stride(Int<1>{}, make_stride(Int<4>{}, v(I8)))),
                   make_layout(make_shape(Int<4>{}, Int<6>{}), make_stride(Int<1>{}, Int<4>{}))));
  auto mixed = composition(make_layout(make_shape(Int<4>{}, make_shape(Int<2>{}, v(I6))),
                                       make_stride(Int<1>{}, make_stride(Int<4>{}, v(I8)))),
                           make_layout(make_shape(Int<4>{}, Int<6>{}), make_stride(Int<1>{}, Int<4>{})));
  CASE("eval_mixed", mixed(v(I8) + v(I5)));
  return 0;
}
