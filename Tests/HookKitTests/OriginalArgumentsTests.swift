import HookKit
import Testing

/// What an override passes to `original`, and how often it calls it, changes the inner links, never the hooks around.
@Suite("Original's arguments")
struct OriginalArgumentsTests {
    @Test("original given another receiver and arguments: the caller's chain runs on them, hooks see the call's")
    func anotherReceiverAndArguments() throws {
        let point = HookPoint<Vehicle, String, String>("OriginalArguments.receiver")
        let trace = Trace()
        let car = Car(name: "car")
        let truck = Truck(name: "truck")
        try point.before { vehicle, prefix in trace.record("before(\(vehicle.name),\(prefix))") }
        try point.after { vehicle, prefix, result in trace.record("after(\(vehicle.name),\(prefix))=\(result)") }
        for (type, name) in [(Car.self, "Car"), (Truck.self, "Truck")] as [(Vehicle.Type, String)] {
            try point.override(.type(type)) { original in
                { vehicle, prefix in
                    trace.record("\(name)-override(\(vehicle.name),\(prefix))")
                    return original(vehicle, prefix)
                }
            }
        }
        try point.override(.instance(car), label: "swap") { original in
            { _, prefix in original(truck, prefix + "!") }
        }
        #expect(call(point, on: car, "p", trace: trace) == "p!truck")
        // The chain chosen for the car goes on (the Car override, not the Truck one), with the truck and "p!".
        #expect(
            trace.all == [
                "before(car,p)", "Car-override(truck,p!)", "body(truck)", "after(car,p)=p!truck",
            ])
    }

    @Test("an override calling original 0, 1 or 3 times: before and after hooks run once", arguments: [0, 1, 3])
    func hooksRunOncePerCall(times: Int) throws {
        let point = HookPoint<Vehicle, String, String>("OriginalArguments.times.\(times)")
        let trace = Trace()
        try point.before { _, _ in trace.record("before") }
        try point.after { _, _, result in trace.record("after(\(result))") }
        try point.override { original in
            { vehicle, prefix in
                (0..<times).map { original(vehicle, prefix + "\($0)") }.joined(separator: ",")
            }
        }
        let result = call(point, on: Car(name: "c"), trace: trace)
        let expected: [Int: (result: String, trace: [String])] = [
            0: ("", ["before", "after()"]),
            1: ("0c", ["before", "body(c)", "after(0c)"]),
            3: ("0c,1c,2c", ["before", "body(c)", "body(c)", "body(c)", "after(0c,1c,2c)"]),
        ]
        #expect(result == expected[times]?.result)
        #expect(trace.all == expected[times]?.trace)
    }
}
