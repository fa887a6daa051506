import Testing

@testable import HookKit

/// A hook's scope description names the type it was registered for (the name `String(reflecting:)` gives it), the
/// same on every registration, although HookKit works the name out only once per type (the saving is measured by
/// callgrind, not here).
@Suite("Scope descriptions")
struct ScopeDescriptionTests {
    /// A generic type nested in the test module, whose reflected name includes its module and arguments.
    struct Box<Value> {
        final class Inner {}
    }

    @Test("type, exact-type and instance scopes are described with the type's reflected name, every time")
    func reflectedNames() throws {
        let point = makeVehiclePoint()
        let car = Car(name: "c")
        for _ in 0..<3 {
            let type = try point.before(.type(Car.self)) { _, _ in }
            let exact = try point.before(.exactType(Car.self)) { _, _ in }
            let instance = try point.before(.instance(car)) { _, _ in }
            #expect(type.hook.scope == .type(String(reflecting: Car.self)))
            #expect(exact.hook.scope == .exactType(String(reflecting: Car.self)))
            #expect(
                instance.hook.scope
                    == .instance(
                        typeName: String(reflecting: Car.self), address: UInt(bitPattern: ObjectIdentifier(car))))
            for token in [type, exact, instance] { token.cancel() }
        }
    }

    @Test("the cached name of a type is the reflected name, for generic and nested types too")
    func cachedNames() {
        let types: [Any.Type] = [Car.self, Box<Int>.self, Box<Car>.Inner.self, [String: Car?].self, Vehicle.Type.self]
        for type in types {
            #expect(_TypeNames.shared.name(of: type) == String(reflecting: type))
            #expect(_TypeNames.shared.name(of: type) == String(reflecting: type))
        }
    }

    @Test("scopes print as all, type(Name), exactType(Name) and instance(Name<0x hexadecimal address>)")
    func printedForms() throws {
        let point = makeVehiclePoint()
        let car = SportsCar(name: "s")
        let type = try point.before(.type(Car.self)) { _, _ in }
        let exact = try point.before(.exactType(Car.self)) { _, _ in }
        let instance = try point.override(.instance(car)) { original in { original($0, $1) } }
        defer { _ = (type.cancel(), exact.cancel(), instance.cancel()) }
        let address = String(UInt(bitPattern: ObjectIdentifier(car)), radix: 16)
        #expect(
            [HookScopeDescription.all, type.hook.scope, exact.hook.scope, instance.hook.scope].map(\.description) == [
                "all", "type(HookKitTests.Car)", "exactType(HookKitTests.Car)",
                "instance(HookKitTests.SportsCar<0x\(address)>)",
            ])
        #expect(instance.hook.description == "override instance(HookKitTests.SportsCar<0x\(address)>) priority 0")
    }
}
