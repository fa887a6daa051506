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

    @Test("an object scope given a value or a class boxed as an object is refused: a box has no identity")
    func boxedValuesAreRefused() {
        protocol Reading {}
        struct Gauge: Reading {}
        let valuePoint = HookPoint<Meter, Void, Int>("BadInput.boxedValue")
        let protocolPoint = HookPoint<any Reading, Void, Void>("BadInput.boxedConformer")
        let classMethodPoint = HookPoint<Vehicle.Type, Void, String>("BadInput.boxedClass")
        var codes: [HookError.Code] = []
        do {
            try valuePoint.before(.object(Meter(reading: 1) as AnyObject)) { _, _ in }
        } catch {
            codes.append(error.code)
        }
        do {
            try protocolPoint.before(.object(Gauge() as AnyObject)) { _, _ in }
        } catch {
            #expect(error.message.contains("Gauge"))
            codes.append(error.code)
        }
        do {
            try classMethodPoint.before(.object(Car.self as AnyObject)) { _, _ in }
        } catch {
            codes.append(error.code)
        }
        #expect(codes == Array(repeating: .instanceScopeNeedsObjectReceiver, count: 3))
        #expect(valuePoint.hooks.isEmpty && protocolPoint.hooks.isEmpty && classMethodPoint.hooks.isEmpty)
    }

    /// Found by review (helper-254): where Foundation is loaded its box is an `NSObject`, which is `Hashable` and
    /// `CustomStringConvertible` itself, so the box cast to those points' receiver types and was hooked.
    @Test("an object scope given a boxed value is refused on a point whose protocol NSObject conforms to")
    func boxedValuesAreRefusedOnProtocolsObjectsConformTo() {
        struct Label: Hashable, CustomStringConvertible {
            var description: String { "label" }
        }
        let hashablePoint = HookPoint<any Hashable, Void, Int>("BadInput.boxedHashable")
        let describedPoint = HookPoint<any CustomStringConvertible, Void, Int>("BadInput.boxedDescribed")
        var codes: [HookError.Code] = []
        do {
            try hashablePoint.before(.object(Label() as AnyObject)) { _, _ in }
        } catch {
            codes.append(error.code)
        }
        do {
            try describedPoint.before(.object(Label() as AnyObject)) { _, _ in }
        } catch {
            codes.append(error.code)
        }
        #expect(codes == [.instanceScopeNeedsObjectReceiver, .instanceScopeNeedsObjectReceiver])
        #expect(throws: HookError.self) { try hashablePoint.before(.object(Car.self as AnyObject)) { _, _ in } }
        #expect(hashablePoint.hooks.isEmpty && describedPoint.hooks.isEmpty)
    }

    /// Found by review (helper-180): each of these messages advised "a type scope" or ".object(_:)", which the same
    /// point refuses too.
    @Test("a refused scope's message advises only scopes that the same point takes")
    func adviceNamesScopesThePointTakes() {
        protocol Reading {}
        struct Gauge: Reading {}
        let protocolPoint = HookPoint<any Reading, Void, Void>("BadInput.adviceForConformers")
        let classMethodPoint = HookPoint<Vehicle.Type, Void, String>("BadInput.adviceForClasses")
        let metatypePoint = HookPoint<AnyClass, Void, Void>("BadInput.adviceForMetatypes")
        func message(_ register: () throws -> Void) -> String {
            do {
                try register()
                return "accepted"
            } catch {
                return (error as? HookError)?.message ?? "\(error)"
            }
        }
        #expect(
            message { try protocolPoint.before(.object(Gauge() as AnyObject)) { _, _ in } }
                == "'BadInput.adviceForConformers': the object scope was given a \(String(reflecting: Gauge.self)), "
                + "which is not itself an object (passed as AnyObject, it is boxed, and a box has no identity); check "
                + "the receiver inside an every-receiver hook (a point whose receivers are "
                + "\(String(reflecting: (any Reading).self)) takes no type scope)")
        #expect(
            message { try classMethodPoint.before(.object(Car.self as AnyObject)) { _, _ in } }
                == "'BadInput.adviceForClasses': the object scope was given a HookKitTests.Car.Type, which is not "
                + "itself an object (passed as AnyObject, it is boxed, and a box has no identity); use "
                + ".exactType(_:) for the calls on one class (HookKitTests.Vehicle or a subclass), or check the "
                + "receiver inside an every-receiver hook")
        #expect(
            message { try metatypePoint.before(.type(Vehicle.Type.self)) { _, _ in } }
                == "'BadInput.adviceForMetatypes' hooks receivers of the existential type Swift.AnyObject.Type, "
                + "which takes no type scope (HookKitTests.Vehicle.Type given): hook every receiver and test the "
                + "type inside the hook")
        #expect(protocolPoint.hooks.isEmpty && classMethodPoint.hooks.isEmpty && metatypePoint.hooks.isEmpty)
    }

    @Test("an object scope given a boxed value that is not a receiver is refused with objectIsNotAReceiver")
    func boxedValueThatIsNotAReceiver() {
        protocol Reading {}
        let classPoint = HookPoint<Vehicle, Void, Void>("BadInput.boxedNonReceiver")
        let protocolPoint = HookPoint<any Reading, Void, Void>("BadInput.boxedNonConformer")
        var codes: [HookError.Code] = []
        for box in [Meter(reading: 1) as AnyObject, Car.self as AnyObject] {
            do {
                try classPoint.before(.object(box)) { _, _ in }
            } catch {
                codes.append(error.code)
            }
            do {
                try protocolPoint.before(.object(box)) { _, _ in }
            } catch {
                codes.append(error.code)
            }
        }
        // Checked first: a box that is not a receiver is refused as no receiver, not as a box.
        #expect(codes == Array(repeating: .objectIsNotAReceiver, count: 4))
        #expect(classPoint.hooks.isEmpty && protocolPoint.hooks.isEmpty)
    }

    @Test("a point whose receiver is a function type refuses every object scope with objectIsNotAReceiver")
    func functionReceiversRefuseObjectScopes() {
        let point = HookPoint<@Sendable (Int) -> Int, Int, Int>("BadInput.functionReceivers")
        do {
            try point.before(.object(Car(name: "c"))) { _, _ in }
            Issue.record("registration succeeded")
        } catch {
            #expect(error.code == .objectIsNotAReceiver)
        }
        #expect(point.hooks.isEmpty)
    }

    @Test("points of Any and AnyObject receivers refuse a value boxed as AnyObject; an object is accepted")
    func boxedValuesOnOpenPointsAreRefused() throws {
        let anyPoint = HookPoint<Any, Void, Void>("BadInput.anyReceivers")
        let anyObjectPoint = HookPoint<AnyObject, Void, Void>("BadInput.anyObjectReceivers")
        let none: Meter? = nil
        let boxes: [AnyObject] = [Meter(reading: 1) as AnyObject, none as AnyObject, Meter.self as AnyObject]
        var codes: [HookError.Code] = []
        for box in boxes {
            do {
                try anyPoint.before(.object(box)) { _, _ in }
            } catch {
                codes.append(error.code)
            }
            do {
                try anyObjectPoint.before(.object(box)) { _, _ in }
            } catch {
                codes.append(error.code)
            }
        }
        // Where Foundation is loaded (always on Apple platforms) nil bridges to NSNull, an object; everywhere the
        // struct and the metatype are boxes.
        #expect(codes.count >= 4)
        #expect(codes.allSatisfy { $0 == .instanceScopeNeedsObjectReceiver })
        #expect(anyPoint.hooks.count + anyObjectPoint.hooks.count == 6 - codes.count)
        // A class of the app's own that happens to bear the box's name is an object like any other.
        final class _SwiftValue {}
        let namesake = _SwiftValue()
        try anyObjectPoint.before(.object(namesake)) { _, _ in }.cancel()
        try HookPoint<_SwiftValue, Void, Void>("BadInput.namesake").before(.object(namesake)) { _, _ in }.cancel()
        let car = Car(name: "c")
        let trace = Trace()
        let token = try anyPoint.before(.object(car)) { _, _ in trace.record("car's hook") }
        defer { token.cancel() }
        anyPoint.invoke(car) { _ in trace.record("body") }
        anyPoint.invoke(Car(name: "other")) { _ in trace.record("body") }
        #expect(trace.all == ["car's hook", "body", "body"])
    }

    @Test("class methods: an exact type scope hooks one class's calls; a type scope, which cannot follow, is refused")
    func classMethodScopes() throws {
        final class Roadster: Car, @unchecked Sendable {}
        let point = HookPoint<Vehicle.Type, String, String>("BadInput.classMethod")
        let trace = Trace()
        func call(_ type: Vehicle.Type) -> String {
            point.invoke(type, "") { type, _ in String(describing: type) }
        }
        try point.before(.exactType(Car.Type.self)) { type, _ in trace.record("car hook(\(type))") }
        try point.before { type, _ in trace.record("every hook(\(type))") }
        #expect([call(Vehicle.self), call(Car.self), call(Roadster.self)] == ["Vehicle", "Car", "Roadster"])
        // The exact scope skips the subclass's calls.
        #expect(trace.all == ["every hook(Vehicle)", "every hook(Car)", "car hook(Car)", "every hook(Roadster)"])
        let refused: [HookScope<Vehicle.Type>] = [
            .type(Vehicle.Type.self), .type(Car.Type.self), .exactType(Bicycle.Type.self),
        ]
        for scope in refused {
            #expect(throws: HookError.self) { try point.before(scope) { _, _ in } }
        }
        #expect(point.hooks.count == 2)
    }

    @Test("class methods: an exact type scope may name the point's own class; type scopes get incompatibleScopeType")
    func classMethodOwnClassAndTypeScopeCode() throws {
        let point = HookPoint<Vehicle.Type, Void, String>("BadInput.classMethodOwnClass")
        var codes: [HookError.Code] = []
        for scope in [HookScope<Vehicle.Type>.type(Vehicle.Type.self), .type(Car.Type.self)] {
            do {
                try point.before(scope) { _, _ in }
            } catch {
                codes.append(error.code)
            }
        }
        #expect(codes == [.incompatibleScopeType, .incompatibleScopeType])
        let trace = Trace()
        let token = try point.before(.exactType(Vehicle.Type.self)) { type, _ in trace.record("hook(\(type))") }
        defer { token.cancel() }
        for type in [Vehicle.self, Car.self] as [Vehicle.Type] {
            _ = point.invoke(type) { type in String(describing: type) }
        }
        #expect(trace.all == ["hook(Vehicle)"])
        #expect(point.hooks.count == 1)
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
        #expect(errors[0] == errors[1] && Set(errors).count == 1)  // equal and hashed by code, not by message
        #expect(errors[0].description.hasPrefix("HookError(incompatibleScopeType): 'BadInput.equality' hooks"))
    }

    @Test("an error's message names the point and the types involved; its description is the code and the message")
    func messagesAndDescriptions() {
        let point = HookPoint<Vehicle, String, String>("BadInput.messages")
        let valuePoint = HookPoint<Meter, Void, Int>("BadInput.valueMessage")
        var errors: [HookError] = []
        do { try point.before(.object(Bicycle())) { _, _ in } } catch { errors.append(error) }
        do { try valuePoint.before(.object(Car(name: "c"))) { _, _ in } } catch { errors.append(error) }
        #expect(errors.map(\.code) == [.objectIsNotAReceiver, .instanceScopeNeedsObjectReceiver])
        #expect(errors.map(\.pointName) == ["BadInput.messages", "BadInput.valueMessage"])
        #expect(
            errors.map(\.description) == [
                "HookError(objectIsNotAReceiver): 'BadInput.messages' hooks receivers of type HookKitTests.Vehicle; "
                    + "the object of type HookKitTests.Bicycle is not one",
                "HookError(instanceScopeNeedsObjectReceiver): 'BadInput.valueMessage' hooks values of type "
                    + "HookKitTests.Meter, which have no identity; use a type scope or check the value inside an "
                    + "every-receiver hook",
            ])
        #expect(errors.map { "HookError(\($0.code)): \($0.message)" } == errors.map(\.description))
        let codes: [HookError.Code] = [
            .incompatibleScopeType, .objectIsNotAReceiver, .instanceScopeNeedsObjectReceiver,
            .registrationInsideOverrideProvider,
        ]
        #expect(
            codes.map(\.description) == [
                "incompatibleScopeType", "objectIsNotAReceiver", "instanceScopeNeedsObjectReceiver",
                "registrationInsideOverrideProvider",
            ])
        #expect(point.hooks.isEmpty && valuePoint.hooks.isEmpty)
    }

    /// Found by review (helper-290): the design names the label among what errors show, and they did not.
    @Test("a refused registration's error names its hook's label, escaped as descriptions write it")
    func errorsNameTheLabel() async throws {
        let point = HookPoint<Vehicle, String, String>("BadInput.labels")
        let asyncPoint = AsyncHookPoint<Vehicle, String, String>("BadInput.asyncLabels")
        var errors: [HookError] = []
        do { try point.before(.object(Bicycle()), label: "audit") { _, _ in } } catch { errors.append(error) }
        do { try point.override(.object(Bicycle()), label: "two\nlines") { o in o.callAsFunction } } catch {
            errors.append(error)
        }
        do { try asyncPoint.after(.object(Bicycle()), label: "audit") { _, _, _ in } } catch { errors.append(error) }
        do { try point.before(.object(Bicycle())) { _, _ in } } catch { errors.append(error) }
        let notAReceiver =
            "'BadInput.labels' hooks receivers of type HookKitTests.Vehicle; the object of type HookKitTests.Bicycle "
            + "is not one"
        #expect(errors.map(\.label) == ["audit", "two\nlines", "audit", nil])
        #expect(
            errors.map(\.message) == [
                notAReceiver + " (the hook 'audit')",
                notAReceiver + " (the hook 'two\\nlines')",
                "'BadInput.asyncLabels' hooks receivers of type HookKitTests.Vehicle; the object of type "
                    + "HookKitTests.Bicycle is not one (the hook 'audit')",
                notAReceiver,
            ])
        #expect(errors.map(\.code) == Array(repeating: .objectIsNotAReceiver, count: 4))
        // A hook refused inside an override provider is named too.
        let refusals = Locked<[HookError]>([])
        let token = try point.override { original in
            do throws(HookError) {
                try point.before(label: "inner") { _, _ in }
            } catch {
                refusals.withLock { $0.append(error) }
            }
            return original.callAsFunction
        }
        let refusal = refusals.withLock { $0.first }
        #expect(refusal?.code == .registrationInsideOverrideProvider && refusal?.label == "inner")
        #expect(refusal?.message.hasSuffix("that calls the provider (the hook 'inner')") == true)
        #expect(token.cancel())
        #expect(point.hooks.isEmpty && asyncPoint.hooks.isEmpty)
    }

    /// Found by review (helper-227): publishing the hook called the provider again before it returned, which
    /// registered again, and so on until the stack overflowed (SIGSEGV, with no message).
    @Test("a hook registered on a point from inside its override provider is refused; the override is registered")
    func registrationInsideOverrideProvider() throws {
        let point = HookPoint<Vehicle, String, String>("BadInput.providerRegisters")
        let refusals = Locked<[HookError?]>([])
        let providerCalls = Counter()
        let token = try point.override { original in
            providerCalls.increment()
            do {
                try point.before { _, _ in }
            } catch {
                refusals.withLock { $0.append(error as? HookError) }
            }
            return { vehicle, prefix in "[" + original(vehicle, prefix) + "]" }
        }
        let errors = refusals.withLock { $0 }
        #expect(errors.map { $0?.code } == [.registrationInsideOverrideProvider])
        #expect(errors.first??.pointName == "BadInput.providerRegisters")
        #expect(errors.first??.message.contains("from inside one of its override providers") == true)
        #expect(providerCalls.count == 1)
        #expect(point.hooks.map(\.kind) == [.override])
        #expect(point.invoke(Car(name: "c"), ">") { vehicle, prefix in prefix + vehicle.name } == "[>c]")
        // Outside the provider the same registration is accepted.
        let before = try point.before { _, _ in }
        #expect(point.hooks.count == 2)
        #expect(token.cancel() && before.cancel())
    }

    /// Found by review (helper-254): documented in the order contract since.
    @Test("a provider that cancels a hook of its point is called again, for the chain without it, before it returns")
    func cancellationInsideOverrideProvider() throws {
        let point = HookPoint<Vehicle, String, String>("BadInput.providerCancels")
        let other = try point.before { _, _ in }
        let (depth, deepest) = (Counter(), Counter())
        let token = try point.override { original in
            depth.increment()
            if depth.count > deepest.count { deepest.increment() }
            other.cancel()
            depth.increment(by: -1)
            return { vehicle, prefix in "[" + original(vehicle, prefix) + "]" }
        }
        #expect(deepest.count == 2 && !other.isActive)
        #expect(point.hooks.map(\.kind) == [.override])
        #expect(point.invoke(Car(name: "c"), ">") { vehicle, prefix in prefix + vehicle.name } == "[>c]")
        token.cancel()
    }

    @Test("the refusal covers async points and a provider reached through another point's provider")
    func registrationInsideAsyncOverrideProvider() async throws {
        let asyncPoint = AsyncHookPoint<Vehicle, String, String>("BadInput.asyncProviderRegisters")
        let other = HookPoint<Vehicle, String, String>("BadInput.otherPoint")
        let codes = Locked<[HookError.Code?]>([])
        // The async point's provider registers an override on another point, whose provider registers on the async
        // point: that provider still runs on this thread, so the registration is refused; the other point's is not.
        let token = try asyncPoint.override { original in
            do {
                let inner = try other.override { otherOriginal in
                    do {
                        try asyncPoint.after { _, _, _ in }
                    } catch {
                        codes.withLock { $0.append((error as? HookError)?.code) }
                    }
                    return { vehicle, prefix in otherOriginal(vehicle, prefix) }
                }
                _ = inner
            } catch {
                codes.withLock { $0.append((error as? HookError)?.code) }
            }
            return { vehicle, prefix in "<" + (await original(vehicle, prefix)) + ">" }
        }
        #expect(codes.withLock { $0 } == [.registrationInsideOverrideProvider])
        #expect(asyncPoint.hooks.map(\.kind) == [.override] && other.hooks.map(\.kind) == [.override])
        #expect(await asyncPoint.invoke(Car(name: "c"), ">") { vehicle, prefix in prefix + vehicle.name } == "<>c>")
        #expect(token.cancel())
    }

    @Test("errors of different codes are not equal, also in a set")
    func differentCodesDiffer() {
        let point = HookPoint<Vehicle, String, String>("BadInput.inequality")
        var errors: [HookError] = []
        do { try point.before(.type(Bicycle.self)) { _, _ in } } catch { errors.append(error) }
        do { try point.before(.object(Bicycle())) { _, _ in } } catch { errors.append(error) }
        #expect(errors.map(\.code) == [.incompatibleScopeType, .objectIsNotAReceiver])
        #expect(errors[0] != errors[1])
        #expect(Set(errors).count == 2)
    }
}
