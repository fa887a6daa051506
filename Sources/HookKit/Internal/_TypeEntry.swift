/// One scoped type's slot in a snapshot: the chain for receivers of exactly that type, and the
/// chain for receivers of its subtypes that have no slot of their own.
@usableFromInline
final class _TypeEntry<Receiver, Arguments, Result, Failure: Error>: @unchecked Sendable {
    @usableFromInline let type: ObjectIdentifier
    @usableFromInline let exact: _Chain<Receiver, Arguments, Result, Failure>
    @usableFromInline let inherited: _Chain<Receiver, Arguments, Result, Failure>

    init(
        type: ObjectIdentifier,
        exact: _Chain<Receiver, Arguments, Result, Failure>,
        inherited: _Chain<Receiver, Arguments, Result, Failure>
    ) {
        self.type = type
        self.exact = exact
        self.inherited = inherited
    }
}
