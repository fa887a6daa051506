/// The layout of the word that publishes a point's current snapshot, and the constants of the
/// split reference count that makes reading it lock-free.
///
/// ## Why a split reference count
///
/// A call must use one consistent snapshot of the hooks, and a writer must be able to free the
/// old snapshot once no call uses it any more, without the call path taking a lock. A plain
/// `load` then `retain` races with the writer's `release`; hazard pointers and epochs need
/// per-thread registration (thread-local storage on every call). A split count needs neither:
///
/// - The published word holds the snapshot's address *and* a count of acquisitions. A reader
///   acquires with one atomic `fetch_add` on the word: it learns the address and registers
///   itself in the same instruction, so the writer can never miss it.
/// - A reader releases by decrementing the snapshot's own `references`, which starts at a large
///   ``_SnapshotWord/bias``: it cannot reach zero while the snapshot is published.
/// - A writer replaces the word with `exchange`, learns how many acquisitions the old word
///   counted, and adds that count minus the bias to the old snapshot's `references`. From then
///   on `references` is the number of calls still using it; whoever brings it to zero (the
///   writer or the last reader) frees it.
/// - The count in the word would overflow after many calls, so an acquirer that sees it past a
///   threshold moves a chunk into `references` first (so the total is never under-counted) and
///   then subtracts the chunk from the word with a compare-and-swap; if the word was replaced in
///   between, it takes the chunk back. Over-counting only delays a free; it never frees early.
///
/// Cost on the call path: one `fetch_add` to acquire, one `fetch_sub` to release, a sign test.
///
/// ## Layout
///
/// Bits 0–44 hold the snapshot address shifted right by 3 (heap objects are 8-byte aligned and
/// user-space addresses fit in 48 bits on every 64-bit platform Swift supports); bits 45–63
/// hold the acquisition count. A word whose address bits are zero means "no hooks", whatever its
/// count (calls that raced with the removal of the last hook leave harmless counts behind).
@usableFromInline
enum _SnapshotWord {
    /// The number of low bits holding the shifted address.
    @usableFromInline static var addressBits: UInt64 { 45 }
    /// Mask of the address bits.
    @usableFromInline static var addressMask: UInt64 { (1 << addressBits) - 1 }
    /// The amount one acquisition adds to the word.
    @usableFromInline static var one: UInt64 { 1 << addressBits }
    /// How far addresses are shifted (their guaranteed alignment).
    @usableFromInline static var alignmentShift: UInt64 { 3 }
    /// An acquisition count with its top bit set (the word's sign bit) triggers a transfer.
    @usableFromInline static var transferChunk: UInt64 { 1 << 17 }
    /// The initial value of a snapshot's `references`; far above any count a word can hold.
    @usableFromInline static var bias: Int { 1 << 40 }

    /// Encodes a snapshot address, or stops with a clear message on a platform whose heap
    /// addresses do not fit (checked when publishing, never on the call path).
    static func encode(_ address: UnsafeMutableRawPointer) -> UInt64 {
        let bits = UInt64(UInt(bitPattern: address))
        precondition(
            bits & ((1 << alignmentShift) - 1) == 0 && bits >> (addressBits + alignmentShift) == 0,
            "HookKit: heap address \(address) does not fit a snapshot word on this platform"
        )
        return bits >> alignmentShift
    }

    /// Decodes the address bits of a word; `nil` when the word publishes no snapshot.
    @inlinable
    static func address(of word: UInt64) -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: UInt((word & addressMask) << alignmentShift))
    }

    /// The acquisition count of a word.
    @inlinable
    static func count(of word: UInt64) -> UInt64 {
        word >> addressBits
    }
}
