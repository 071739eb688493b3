// Edge cases of print_layout, with every integer static: negative strides,
// wide cells, a rank-1 layout shown as (1:0, L), and swizzled layouts.
// Regenerate print_layout_cpp_extra.txt:
//   /work/shared/tools/cute-cpp print_layout_cpp_extra.cpp > print_layout_cpp_extra.txt
#include <cute/tensor.hpp>
using namespace cute;
int main() {
  print_layout(make_layout(make_shape(_3{}, _4{}), make_stride(Int<-1>{}, _3{})));
  print_layout(make_layout(make_shape(_8{}, _8{}), make_stride(_1{}, Int<100>{})));
  print_layout(make_layout(make_layout(_1{}, _0{}), make_layout(make_shape(make_shape(_2{}, _3{})), make_stride(make_stride(_3{}, _1{})))));
  print_layout(composition(Swizzle<2, 0, 2>{}, make_layout(make_shape(_4{}, _4{}), make_stride(_4{}, _1{}))));
  print_layout(composition(Swizzle<1, 1, 2>{}, make_layout(make_shape(_8{}, _4{}), make_stride(_1{}, _8{}))));
  print_layout(composition(Swizzle<2, 0, -2>{}, make_layout(make_shape(_4{}, _4{}))));
}
