import Foundation
import HookKit
import Testing

/// Points whose receiver is a protocol existential: object scopes find the object behind it.
@Suite("Protocol receivers")
struct ProtocolReceiverTests {
    protocol Shape: AnyObject {
        var name: String { get }
    }

    final class Circle: Shape {
        let name: String

        init(name: String) {
            self.name = name
        }
    }

    struct Square: Drawable {
        let name: String
    }

    protocol Drawable {
        var name: String { get }
    }

    @Test("an object scope on a class-bound protocol receiver fires for that object only")
    func classBoundProtocol() throws {
        let point = HookPoint<any Shape, Void, String>("Protocol.shape")
        let trace = Trace()
        let circle = Circle(name: "c1")
        try point.before(.object(circle)) { shape, _ in trace.record("hook(\(shape.name))") }
        for shape in [circle, Circle(name: "c2")] as [any Shape] {
            _ = point.invoke(shape) { shape in shape.name }
        }
        #expect(trace.all == ["hook(c1)"])
        #expect(point.hooks(for: circle).count == 1)
        #expect(point.hooks(for: Circle(name: "c3")).isEmpty)
    }

    @Test("an object scope on a protocol that values also adopt: objects match, values never do")
    func mixedProtocol() throws {
        final class Sketch: Drawable {
            let name = "sketch"
        }
        let point = HookPoint<any Drawable, Void, String>("Protocol.drawable")
        let trace = Trace()
        let sketch = Sketch()
        try point.before(.object(sketch)) { drawable, _ in trace.record("hook(\(drawable.name))") }
        try point.after { drawable, _, _ in trace.record("after(\(drawable.name))") }
        for drawable in [sketch, Square(name: "square"), Sketch()] as [any Drawable] {
            _ = point.invoke(drawable) { drawable in drawable.name }
        }
        #expect(trace.all == ["hook(sketch)", "after(sketch)", "after(square)", "after(sketch)"])
    }

    /// Found by review (helper-254, then helper-256): the scope was accepted, but in generic code `receiver as
    /// AnyObject` answers the box around an error, a new one for each conversion to `any Error`, so the hook fired for
    /// some calls (an error a continuation resumed with) and not others (the error passed as thrown).
    @Test("an object scope on an any Error point is refused: no call can be matched to the error object")
    func errorObjectReceiver() async throws {
        final class Failure: Error {}
        let point = HookPoint<any Error, Void, Int>("Protocol.error")
        let asyncPoint = AsyncHookPoint<any Error, Void, Int>("Protocol.asyncError")
        let failure = Failure()
        #expect {
            try point.before(.object(failure)) { _, _ in }
        } throws: { error in
            (error as? HookError)?.code == .instanceScopeNeedsObjectReceiver
        }
        #expect {
            try asyncPoint.before(.object(failure)) { _, _ in }
        } throws: { error in
            (error as? HookError)?.code == .instanceScopeNeedsObjectReceiver
        }
        #expect(point.hooks.isEmpty && asyncPoint.hooks.isEmpty)
        // An every-receiver hook sees the error object, whichever way it came.
        let trace = Trace()
        let token = try point.before { error, _ in trace.record((error as? Failure) === failure ? "it" : "other") }
        var errors: [any Error] = [failure, Failure()]
        do {
            // A box inside a box: an error a continuation resumed with.
            _ = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
                continuation.resume(throwing: failure)
            }
        } catch {
            errors.append(error)
        }
        for error in errors {
            _ = point.invoke(error) { _ in 0 }
        }
        #expect(trace.all == ["it", "other", "it"])
        token.cancel()
    }

    @Test("a type scope naming the existential receiver type is refused: no receiver has it as its dynamic type")
    func existentialTypeScopeIsRefused() async throws {
        let point = HookPoint<any Shape, Void, String>("Protocol.existentialScope")
        let asyncPoint = AsyncHookPoint<any Drawable, Void, String>("Protocol.asyncExistentialScope")
        let refusals: [HookError] = [
            #expect(throws: HookError.self) { try point.before(.type((any Shape).self)) { _, _ in } },
            #expect(throws: HookError.self) {
                try point.override(.exactType((any Shape).self)) { original in { shape, _ in original(shape, ()) } }
            },
            #expect(throws: HookError.self) { try asyncPoint.after(.type((any Drawable).self)) { _, _, _ in } },
        ].compactMap { $0 }
        #expect(refusals.map(\.code) == [.incompatibleScopeType, .incompatibleScopeType, .incompatibleScopeType])
        #expect(
            refusals.map(\.pointName) == [
                "Protocol.existentialScope", "Protocol.existentialScope", "Protocol.asyncExistentialScope",
            ])
        #expect(refusals[0].message.contains("existential type"))
        #expect(point.hooks.isEmpty)
        #expect(asyncPoint.hooks.isEmpty)
    }

    @Test("a type scope naming a conforming type is refused too, and the message says why")
    func conformingTypeScopeIsRefused() throws {
        let shapes = HookPoint<any Shape, Void, String>("Protocol.conformingScope")
        let objects = HookPoint<AnyObject, Void, String>("Protocol.anyObjectScope")
        let values = HookPoint<Any, Void, String>("Protocol.anyScope")
        let refusals: [HookError] = [
            #expect(throws: HookError.self) { try shapes.before(.type(Circle.self)) { _, _ in } },
            #expect(throws: HookError.self) { try objects.after(.exactType(Circle.self)) { _, _, _ in } },
            #expect(throws: HookError.self) { try values.before(.type(Square.self)) { _, _ in } },
        ].compactMap { $0 }
        #expect(refusals.map(\.code) == [.incompatibleScopeType, .incompatibleScopeType, .incompatibleScopeType])
        #expect(
            refusals.first?.message
                == "'Protocol.conformingScope' hooks receivers of the existential type "
                + "HookKitTests.ProtocolReceiverTests.Shape, which takes no type scope "
                + "(HookKitTests.ProtocolReceiverTests.Circle given): hook every receiver (and test the type inside "
                + "the hook), or one object with .object(_:)")
        #expect(refusals.allSatisfy { !$0.message.contains("neither that type nor a subtype") })
        #expect(shapes.hooks.isEmpty && objects.hooks.isEmpty && values.hooks.isEmpty)
    }

    @Test("points of AnyObject and Any receivers refuse a type scope naming AnyObject or Any, as any existential")
    func openExistentialTypeScopesAreRefused() {
        let objects = HookPoint<AnyObject, Void, Void>("Protocol.anyObjectExistential")
        let values = HookPoint<Any, Void, Void>("Protocol.anyExistential")
        var errors: [HookError] = []
        do { try objects.before(.type(AnyObject.self)) { _, _ in } } catch { errors.append(error) }
        do { try objects.before(.exactType(AnyObject.self)) { _, _ in } } catch { errors.append(error) }
        do { try values.before(.type(Any.self)) { _, _ in } } catch { errors.append(error) }
        do { try values.before(.exactType(Any.self)) { _, _ in } } catch { errors.append(error) }
        #expect(errors.map(\.code) == Array(repeating: .incompatibleScopeType, count: 4))
        #expect(
            errors.first?.message
                == "'Protocol.anyObjectExistential' hooks receivers of the existential type Swift.AnyObject, which "
                + "takes no type scope (Swift.AnyObject given): hook every receiver (and test the type inside the "
                + "hook), or one object with .object(_:)")
        #expect(objects.hooks.isEmpty && values.hooks.isEmpty)
    }

    @Test("on an Any point, a value Foundation bridges to an object of its own is accepted and hooks that object only")
    func foundationBridgedValuesAreObjects() throws {
        let point = HookPoint<Any, Void, Void>("Protocol.bridged")
        let none: Int? = nil
        let number = 42 as AnyObject
        let text = "text" as AnyObject
        let null = none as AnyObject
        #expect(number is NSNumber && text is NSString && null is NSNull)
        let trace = Trace()
        for (name, object) in [("number", number), ("string", text), ("nil", null)] {
            let token = try point.before(.object(object)) { _, _ in trace.record("hook(\(name))") }
            point.invoke(object) { _ in trace.record("body") }
            point.invoke(Car(name: "c")) { _ in trace.record("body") }
            token.cancel()
        }
        #expect(
            trace.all == ["hook(number)", "body", "body", "hook(string)", "body", "body", "hook(nil)", "body", "body"])
    }
}
