// See `hk_object_is_deinitializing` in `_HookKitRuntime.h`.

#include "_HookKitRuntime.h"

// The Swift runtime's own test (exported by libswiftCore on every platform, part of its stable ABI on Apple's): whether
// a native object's strong reference count has reached zero, so that its `deinit` has begun or finished.
extern bool swift_isDeallocating(void *object);

bool hk_object_is_deinitializing(const void *object) {
    return swift_isDeallocating((void *)object);
}
