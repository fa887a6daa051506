/// The compiled chains of one scoped type: the chain for receivers of exactly that type, and the chain for receivers
/// of its subtypes that have no entry of their own.
///
/// The chains are stored as `AnyObject` (a `_Chain` or an `_AsyncChain` of the point's types), so that the writer's
/// code, which is not specialized for a point's types, handles the entries without looking up generic metadata.
struct _TypeChains {
    /// The scoped type.
    let type: ObjectIdentifier
    /// The chain of receivers of exactly `type`.
    let exact: AnyObject
    /// The chain of receivers of a subtype of `type` that is not scoped itself.
    let inherited: AnyObject
    /// The outermost link of the overrides of ``exact``, `nil` when it has none: the part that the chains of hooked
    /// objects of exactly `type` share, each its object's overrides around it.
    let exactLink: AnyObject?
}
