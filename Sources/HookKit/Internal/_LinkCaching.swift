/// A registration that keeps the override links built from its provider, keyed by the identity of the link each
/// one wraps, so that a compilation calls the provider again only when what lies inside the override changed.
protocol _LinkCaching: _AnyRegistration {
    /// The kind of link the registration's provider builds.
    ///
    /// The links themselves are kept in ``_AnyRegistration/links`` and ``_AnyRegistration/tracedLinks``, typed as
    /// `AnyObject`: a dictionary typed by the point's types would cost a look-up in the runtime's metadata cache for
    /// every registration made in unspecialized code.
    associatedtype Link: AnyObject
}
