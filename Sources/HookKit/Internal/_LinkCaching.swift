/// A registration that keeps the override links built from its provider, keyed by the identity of the link each
/// one wraps, so that a compilation calls the provider again only when what lies inside the override changed.
protocol _LinkCaching: _AnyRegistration {
    /// The kind of link the registration's provider builds.
    associatedtype Link: AnyObject

    /// Links built for untraced chains.
    ///
    /// Guarded by the storage's lock.
    var links: [ObjectIdentifier: Link] { get set }
    /// Links built for traced chains, kept apart from the untraced ones.
    ///
    /// Guarded by the storage's lock.
    var tracedLinks: [ObjectIdentifier: Link] { get set }
}
