// libFuzzer's driver, from compiler-rt's libclang_rt.fuzzer (linked by -sanitize=fuzzer):
// runs the fuzzing loop (or replays files) on `callback`, reading libFuzzer's flags from
// argv, as libFuzzer's own main() does.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
