/// A weak reference, to keep objects in collections without keeping them alive.
struct _Weak<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
