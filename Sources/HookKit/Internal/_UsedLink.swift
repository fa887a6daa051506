/// A link built (or reused) by a compilation, to remember once the snapshot that uses it is published.
struct _UsedLink<Registration: _LinkCaching> {
    let registration: Registration
    /// The identity of the link it wraps.
    let key: ObjectIdentifier
    let link: Registration.Link

    /// The link that `registration` already has around the link `key` names among `used`, the links of the
    /// compilation in progress; `nil` if it has none yet.
    ///
    /// A compilation builds several chains with the same override around the same inner part (a type's exact and
    /// inherited chains, the chain of each hooked instance of that type): they share the link, so that the override's
    /// provider runs once for them all, as the order contract promises.
    static func link(
        of registration: Registration, around key: ObjectIdentifier, in used: [_UsedLink]
    ) -> Registration.Link? {
        used.last { $0.key == key && $0.registration === registration }?.link
    }
}
