/// A link built (or reused) by a compilation, to remember once the snapshot that uses it is published.
struct _UsedLink<Registration: _LinkCaching> {
    let registration: Registration
    /// The identity of the link it wraps.
    let key: ObjectIdentifier
    let link: Registration.Link

    /// The link that `registration` already has around the link `key` names among `used` and `shared`, the links of
    /// the compilation in progress; `nil` if it has none yet.
    ///
    /// A compilation builds several chains with the same override around the same inner part (a type's exact and
    /// inherited chains, the chain of each hooked instance of that type): they share the link, so that the override's
    /// provider runs once for them all, as the order contract promises. An instance's override is part of that
    /// instance's chain only: it is not looked for. Each search starts from the end, where the previous chain left the
    /// links it shares.
    static func link(
        of registration: Registration, around key: ObjectIdentifier, in used: [_UsedLink], _ shared: [_UsedLink]
    ) -> Registration.Link? {
        if case .instance = registration.scope { return nil }
        let matches = { (entry: _UsedLink) in entry.key == key && entry.registration === registration }
        return (used.last(where: matches) ?? shared.last(where: matches))?.link
    }
}
