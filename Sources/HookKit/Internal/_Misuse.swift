/// The messages of the programming errors that stop the program when a point is called the wrong way, so that every
/// check of the same mistake says the same thing, in debug and optimized builds alike.
@usableFromInline
enum _Misuse {
    /// A body was passed to `invoke` on the point named `pointName`, which declares its own.
    @usableFromInline
    static func declaredBodyPassedAgain(to pointName: String) -> String {
        "HookKit: '\(pointName)' declares its body; call it with invoke(_:_:), without another body"
    }

    /// `invoke(_:_:)` was called on the point named `pointName`, which was created without a body.
    @usableFromInline
    static func bodyNotDeclared(in pointName: String) -> String {
        "HookKit: '\(pointName)' was created without a body; pass one to invoke(_:_:_:)"
    }
}
