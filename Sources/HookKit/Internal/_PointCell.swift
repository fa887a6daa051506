import Synchronization

/// The word that publishes a point's snapshot, in memory of its own (not inside an object), with
/// the address of the storage that owns it.
///
/// A ``ThrowingHookPoint`` holds the address of its cell: the call path reaches the published
/// word with a plain pointer, without borrowing (or retaining) an object first.
@usableFromInline
struct _PointCell: ~Copyable {
    /// The published snapshot and its acquisition count; see ``_SnapshotWord``.
    @usableFromInline let published: Atomic<UInt64>
    /// The owning ``_HookPointStorage``, unretained (it owns the cell).
    @usableFromInline let storage: UnsafeRawPointer

    init(storage: UnsafeRawPointer) {
        self.published = Atomic(0)
        self.storage = storage
    }
}
