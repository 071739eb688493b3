// The documentation examples of print_layout, with every integer static.
// Regenerate print_layout_cpp.txt:  /work/shared/tools/cute-cpp print_layout_cpp.cpp > print_layout_cpp.txt
#include <cute/tensor.hpp>
using namespace cute;
int main() {
  print_layout(make_layout(make_shape(_2{}, _3{}), make_stride(_1{}, _2{})));
  print_layout(make_layout(make_shape(_2{}, _3{}), make_stride(_3{}, _1{})));
  print_layout(make_layout(make_shape(_4{}, make_shape(_2{}, _2{})), make_stride(_4{}, make_stride(_1{}, _2{}))));
  print_layout(make_layout(make_shape(_4{}, make_shape(_2{}, _2{})), make_stride(_2{}, make_stride(_1{}, _8{}))));
  print_layout(make_layout(make_shape(_2{}, make_shape(_2{}, _2{})), make_stride(_4{}, make_stride(_2{}, _1{}))));
  print_layout(make_layout(make_shape(_4{}, make_shape(_4{}, _2{})), make_stride(_4{}, make_stride(_1{}, _16{}))));
  print_layout(make_layout(make_shape(make_shape(_2{}, _3{}), _4{}), make_stride(make_stride(_3{}, _1{}), _1{})));
}
