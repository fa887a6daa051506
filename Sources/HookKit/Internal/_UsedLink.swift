/// A link built (or reused) by a compilation, to remember once the snapshot that uses it is published.
///
/// Not generic (the registration and the link are stored as their base types): the writer's code is not specialized
/// for a point's types, and every generic value type it mentions costs a look-up in the runtime's metadata cache each
/// time it is used.
struct _UsedLink {
    let registration: _AnyRegistration
    /// The identity of the link it wraps.
    let key: ObjectIdentifier
    /// The link (a `_Link` or an `_AsyncLink` of the point's types).
    let link: AnyObject

    /// The link that `registration` already has around the link `key` names among `used` and `shared`, the links of
    /// the compilation in progress; `nil` if it has none yet.
    ///
    /// A compilation builds several chains with the same override around the same inner part (a type's exact and
    /// inherited chains, the chain of each hooked instance of that type): they share the link, so that the override's
    /// provider runs once for them all, as the order contract promises. An instance's override is part of that
    /// instance's chain only: it is not looked for. Each search starts from the end, where the previous chain left the
    /// links it shares.
    static func link(
        of registration: _AnyRegistration, around key: ObjectIdentifier, in used: [_UsedLink], _ shared: [_UsedLink]
    ) -> AnyObject? {
        if case .instance = registration.scope { return nil }
        let matches = { (entry: _UsedLink) in entry.key == key && entry.registration === registration }
        return (used.last(where: matches) ?? shared.last(where: matches))?.link
    }
}
