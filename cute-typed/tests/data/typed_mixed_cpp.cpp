// Typed mixed algebra against CuTe C++ 4.2: the operations of
// cute-typed/tests/typed_mixed.rs (`matches_cpp`) on the same Int<N>/int mix.
// Run: /work/shared/tools/cute-cpp typed_mixed_cpp.cpp > typed_mixed_cpp.txt
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;

template <class T>
void show(char const* name, T const& t) {
  printf("%s\t", name);
  print(t);
  printf("\n");
}

int main() {
  int m = 96, n = 8, four = 4, big = 4096, rows = 100, cols = 64, three = 3;
  auto a = make_layout(make_shape(Int<128>{}, m), make_stride(Int<1>{}, Int<128>{}));
  auto tiles = logical_divide(a, make_tile(Int<32>{}, Int<16>{}));
  show("logical_divide", tiles);
  show("zipped_divide_chain", zipped_divide(tiles, make_tile(Int<8>{}, Int<4>{})));
  auto c = make_layout(make_shape(Int<4>{}, n), make_stride(Int<1>{}, four));
  show("composition", composition(c, make_layout(Int<8>{})));
  show("composition_tiler", composition(c, make_tile(Int<2>{}, four)));
  show("coalesce_composition",
       coalesce(composition(a, make_layout(make_shape(Int<4>{}, Int<8>{}), make_stride(Int<8>{}, Int<1>{})))));
  show("logical_product", logical_product(make_layout(m, Int<1>{}), make_layout(make_shape(Int<2>{}, Int<2>{}))));
  show("complement", complement(make_layout(make_shape(Int<4>{}, m), make_stride(Int<1>{}, Int<8>{})), big));
  show("right_inverse", right_inverse(make_layout(make_shape(three, Int<4>{}), make_stride(Int<4>{}, Int<1>{}))));
  show("tiled_divide", tiled_divide(make_layout(make_shape(rows, cols)), make_tile(Int<16>{}, Int<8>{})));
  show("blocked_product", blocked_product(make_layout(make_shape(Int<2>{}, Int<2>{})), make_layout(make_shape(three, four))));
  show("flat_product", flat_product(make_layout(make_shape(rows, Int<2>{}), make_stride(Int<1>{}, Int<128>{})), make_tile(Int<2>{}, three)));
  return 0;
}
