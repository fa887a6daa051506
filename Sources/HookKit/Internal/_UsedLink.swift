/// A link built (or reused) by a compilation, to remember once the snapshot that uses it is published.
struct _UsedLink<Registration: _LinkCaching> {
    let registration: Registration
    /// The identity of the link it wraps.
    let key: ObjectIdentifier
    let link: Registration.Link
}
