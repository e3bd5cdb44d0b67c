// One libFuzzer target: SANDTABLE_FUZZ_TARGET names which function of fuzz_targets.h it runs.

#include "fuzz_targets.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    sandtable::fuzz::SANDTABLE_FUZZ_TARGET(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
