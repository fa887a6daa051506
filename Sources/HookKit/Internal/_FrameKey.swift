/// The identity that a synchronous point's frames carry (``_InvocationFrame/owner``), owned by the point's storage and
/// held by every closure that looks those frames up.
///
/// Not the storage's own identity: an `original` that an app keeps can outlive the point (a point that declares its
/// body lets `original` be called at any time), and once the storage is freed another point's storage may get its
/// address. The innermost `original` would then take that point's frames for its own and call their body with the
/// wrong types. A key that the closures hold keeps its address from being reused while any of them lives; the storage
/// cannot be held instead, because the closures it owns would then own it back.
@usableFromInline
final class _FrameKey: Sendable {
    @usableFromInline
    init() {}
}
