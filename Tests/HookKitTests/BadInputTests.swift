import HookKit
import Testing

/// Requests HookKit cannot honour get a typed error or a reported no-op, never a crash.
@Suite("Bad input")
struct BadInputTests {
    @Test("a type scope naming an unrelated type is refused with incompatibleScopeType")
    func unrelatedType() {
        let point = HookPoint<Vehicle, String, String>("BadInput.unrelated")
        #expect {
            try point.before(.type(Bicycle.self)) { _, _ in }
        } throws: { error in
            let error = error as! HookError
            return error.code == .incompatibleScopeType && error.pointName == "BadInput.unrelated"
                && error.message.contains("Bicycle") && error.message.contains("Vehicle")
        }
        #expect(point.hooks.isEmpty)
    }

    @Test("a type scope naming a superclass of the receiver type is refused")
    func superclassOfReceiverType() {
        let point = HookPoint<Car, Void, Void>("BadInput.superclass")
        #expect(throws: HookError.self) {
            try point.after(.exactType(Vehicle.self)) { _, _, _ in }
        }
        do {
            try point.override(.type(Vehicle.self)) { original in { car, arguments in original(car, arguments) } }
            Issue.record("registration succeeded")
        } catch {
            #expect(error.code == .incompatibleScopeType)
        }
    }

    @Test("an object scope with an object that is not a receiver is refused with objectIsNotAReceiver")
    func objectNotAReceiver() {
        let point = HookPoint<Vehicle, String, String>("BadInput.object")
        do {
            try point.before(.object(Bicycle())) { _, _ in }
            Issue.record("registration succeeded")
        } catch {
            #expect(error.code == .objectIsNotAReceiver)
        }
        // The same scope with a real receiver works.
        let car = Car(name: "c")
        let trace = Trace()
        #expect(throws: Never.self) {
            try point.before(.object(car)) { _, _ in trace.record("hook") }
        }
        call(point, on: car, trace: trace)
        #expect(trace.all == ["hook", "body(c)"])
    }

    @Test("instance hooks on a value type's point are refused with instanceScopeNeedsObjectReceiver")
    func valueReceiverInstanceScope() {
        let point = HookPoint<Meter, Void, Int>("BadInput.value")
        do {
            try point.before(.object(Car(name: "c"))) { _, _ in }
            Issue.record("registration succeeded")
        } catch {
            #expect(error.code == .instanceScopeNeedsObjectReceiver)
            #expect(error.message.contains("Meter"))
        }
        // `.instance(_:)` does not even compile for a value receiver; type scopes work.
        #expect(throws: Never.self) {
            try point.before(.type(Meter.self)) { _, _ in }
        }
    }

    @Test("a second cancel reports that it did nothing")
    func doubleCancel() throws {
        let point = HookPoint<Vehicle, String, String>("BadInput.cancel")
        let token = try point.before { _, _ in }
        #expect(token.isActive)
        #expect(token.cancel())
        #expect(!token.isActive)
        #expect(!token.cancel())
        #expect(!token.cancel())
    }

    @Test("errors compare by code and describe themselves")
    func errorEquality() {
        let point = HookPoint<Vehicle, String, String>("BadInput.equality")
        var errors: [HookError] = []
        for type in [Bicycle.self, String.self] as [Any.Type] {
            do {
                try point.before(.type(type)) { _, _ in }
            } catch {
                errors.append(error)
            }
        }
        #expect(errors.count == 2)
        #expect(errors[0] == errors[1])
        #expect(errors[0].description.hasPrefix("HookError(incompatibleScopeType): 'BadInput.equality' hooks"))
    }
}
