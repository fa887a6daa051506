import HookKit
import Synchronization
import Testing

// The code of the HookKit articles (Sources/HookKit/HookKit.docc), verbatim, so that it keeps compiling and doing
// what the articles say. Each article's types live in a namespace of their own, and the tests run them with
// `#expect` checks in between. The hook points are private to these tests, and the suite is serialized, so the
// examples' every-receiver hooks never meet another test's calls.

/// What the examples print, captured by this file's `print`.
private let printed = Trace()

/// Shadows `Swift.print` in this file, so that the lines the examples print can be checked.
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.record(items.map { "\($0)" }.joined(separator: separator))
}

/// The types of the landing page and of "Getting started".
enum GettingStartedExample {
    class Greeter {
        static let greet = HookPoint<Greeter, String, String>("Greeter.greet")

        final func greet(_ name: String) -> String {
            Self.greet.invoke(self, name) { this, name in
                "\(this.salutation), \(name)!"
            }
        }

        var salutation: String { "Hello" }
    }

    final class FormalGreeter: Greeter {
        override var salutation: String { "Good evening" }
    }
}

/// The types of "Hook points and scopes".
enum HookPointsAndScopesExample {
    class Cart {
        static let add = HookPoint<Cart, (item: String, quantity: Int), Void>("Cart.add")
        static let clear = HookPoint<Cart, Void, Void>("Cart.clear")

        private(set) var items: [String: Int] = [:]

        func add(_ item: String, quantity: Int) {
            Self.add.invoke(self, (item, quantity)) { this, arguments in
                this.items[arguments.item, default: 0] += arguments.quantity
            }
        }

        func clear() {
            Self.clear.invoke(self) { this in
                this.items.removeAll()
            }
        }
    }

    final class GiftCart: Cart {}

    final class Wallet {
        static let pay = HookPoint<Wallet, Int, Int>("Wallet.pay") { wallet, amount in
            wallet.balance.subtract(amount, ordering: .relaxed).newValue
        }

        let balance = Atomic<Int>(100)

        func pay(_ amount: Int) -> Int {
            Self.pay.invoke(self, amount)
        }
    }

    enum ParseError: Error {
        case notANumber(String)
    }

    final class Parser {
        static let parse = ThrowingHookPoint<Parser, String, Int, ParseError>("Parser.parse")

        func parse(_ text: String) throws(ParseError) -> Int {
            try Self.parse.invoke(self, text) { (_, text) throws(ParseError) -> Int in
                guard let value = Int(text) else { throw .notANumber(text) }
                return value
            }
        }
    }

    struct Meter {
        var reading: Int

        static let read = HookPoint<Meter, Void, Int>("Meter.read")

        func read() -> Int {
            Self.read.invoke(self) { this in this.reading }
        }
    }

    protocol Renderer: AnyObject {
        func draw()
    }

    enum Rendering {
        static let draw = HookPoint<any Renderer, Void, Void>("Renderer.draw")
    }

    final class Canvas: Renderer {
        func draw() {}
    }
}

/// "Choose a scope": an overridable method routed through its point once.
enum OverridableMethodExample {
    class Feed {
        static let reload = HookPoint<Feed, Void, Int>("Feed.reload") { feed, _ in feed.performReload() }

        final func reload() -> Int { Self.reload.invoke(self) }  // the hooked entry point, once per call
        func performReload() -> Int { 10 }  // what subclasses override, calling super
    }

    final class CachedFeed: Feed {
        override func performReload() -> Int { super.performReload() + 1 }
    }
}

private typealias Rendering = HookPointsAndScopesExample.Rendering

extension HookPointsAndScopesExample.Renderer {
    func render() {
        Rendering.draw.invoke(self) { this in this.draw() }
    }
}

/// The types of "The order contract".
enum OrderContractExample {
    class Shape {
        static let draw = HookPoint<Shape, Void, String>("Shape.draw")

        func draw() -> String {
            Self.draw.invoke(self) { this in
                print("body")
                return "shape"
            }
        }
    }

    class Polygon: Shape {}
    final class Square: Polygon {}

    final class Printer {
        static let printPage = HookPoint<Printer, Int, Void>("Printer.printPage")

        func printPage(_ number: Int) {
            Self.printPage.invoke(self, number) { this, number in
                print("page", number)
            }
        }
    }
}

/// The types of "Coming from Objective-C swizzling".
enum SwizzlingExample {
    class ProfileView {
        static let layout = HookPoint<ProfileView, Void, Void>("ProfileView.layout")

        func layout() {
            Self.layout.invoke(self) { this in
                this.placeSubviews()
            }
        }

        func placeSubviews() {}
    }

    final class CompactProfileView: ProfileView {}
}

@Suite("Documentation examples: HookKit articles", .serialized)
struct HookKitDocumentationExampleTests {
    @Test("the landing page: an after hook sees the result")
    func landingPage() throws {
        typealias Greeter = GettingStartedExample.Greeter

        let token = try Greeter.greet.after { greeter, name, greeting in
            print("said:", greeting)
        }
        _ = Greeter().greet("Ada")  // prints "said: Hello, Ada!"
        token.cancel()

        #expect(printed.take() == ["said: Hello, Ada!"])
        #expect(Greeter.greet.hooks.isEmpty)
    }

    @Test("Getting started: before, after, a type override, an instance override, introspection, cancellation")
    func gettingStarted() throws {
        typealias Greeter = GettingStartedExample.Greeter
        typealias FormalGreeter = GettingStartedExample.FormalGreeter

        let log = try Greeter.greet.before(label: "log") { greeter, name in
            print("greeting", name)
        }
        let echo = try Greeter.greet.after(label: "echo") { greeter, name, greeting in
            print("said", greeting)
        }

        _ = Greeter().greet("Ada")
        #expect(printed.take() == ["greeting Ada", "said Hello, Ada!"])

        let shout = try Greeter.greet.override(.type(FormalGreeter.self), label: "shout") { original in
            { greeter, name in
                original(greeter, name).uppercased()
            }
        }

        _ = FormalGreeter().greet("Ada")  // "GOOD EVENING, ADA!"
        _ = Greeter().greet("Ada")  // "Hello, Ada!": the superclass is untouched
        #expect(FormalGreeter().greet("Ada") == "GOOD EVENING, ADA!")
        #expect(Greeter().greet("Ada") == "Hello, Ada!")
        _ = printed.take()

        let grandma = Greeter()
        let dear = try Greeter.greet.override(.instance(grandma), label: "dear") { original in
            { greeter, name in
                original(greeter, "dear " + name)
            }
        }

        _ = grandma.greet("Ada")  // "Hello, dear Ada!"
        _ = Greeter().greet("Ada")  // "Hello, Ada!"
        #expect(grandma.greet("Ada") == "Hello, dear Ada!")
        #expect(Greeter().greet("Ada") == "Hello, Ada!")
        _ = printed.take()

        for hook in Greeter.greet.hooks(for: grandma) {
            print(hook)
        }
        let lines = printed.take()
        #expect(lines.count == 3)
        #expect(lines.first == "before all priority 0 'log'")
        #expect(lines.dropFirst().first?.hasPrefix("override instance(") == true)
        #expect(lines.dropFirst().first?.contains("Greeter<0x") == true)
        #expect(lines.dropFirst().first?.hasSuffix(">) priority 0 'dear'") == true)
        #expect(lines.last == "after all priority 0 'echo'")

        #expect(log.cancel())  // true: removed
        #expect(!log.cancel())  // false: it was already gone
        for token in [echo, shout, dear] {
            token.cancel()
        }
        print(Greeter.greet.hooks.isEmpty)  // true
        #expect(printed.take() == ["true"])
    }

    @Test("Hook points and scopes: argument shapes, a throwing point, values, protocols, scopes, options, errors")
    func hookPointsAndScopes() throws {
        typealias Cart = HookPointsAndScopesExample.Cart
        typealias GiftCart = HookPointsAndScopesExample.GiftCart
        typealias Parser = HookPointsAndScopesExample.Parser
        typealias Meter = HookPointsAndScopesExample.Meter
        typealias Canvas = HookPointsAndScopesExample.Canvas

        let adding = try Cart.add.before { cart, arguments in
            print("adding", arguments.quantity, arguments.item)
        }
        let cart = Cart()
        cart.add("pear", quantity: 2)
        cart.clear()
        #expect(printed.take() == ["adding 2 pear"] && cart.items.isEmpty)
        adding.cancel()

        // A point that declares its body: its override chains end in the body, and `original` outlives the call.
        typealias Wallet = HookPointsAndScopesExample.Wallet
        let wallet = Wallet()
        #expect(wallet.pay(30) == 70)
        let kept = Locked<HookOriginal<Wallet, Int, Int, Never>?>(nil)
        let fee = try Wallet.pay.override { original in
            kept.withLock { $0 = original }
            return { wallet, amount in original(wallet, amount + 1) }
        }
        #expect(wallet.pay(9) == 60)
        fee.cancel()
        #expect(kept.withLock { $0 }.map { $0(wallet, 10) } == 50)

        // An override may recover from the original's error.
        let lenient = try Parser.parse.override(label: "lenient") { original in
            { (parser, text) throws(HookPointsAndScopesExample.ParseError) -> Int in
                do {
                    return try original(parser, text)
                } catch {
                    return 0
                }
            }
        }
        #expect(try Parser().parse("12") == 12)
        #expect(try Parser().parse("twelve") == 0)
        lenient.cancel()
        #expect(throws: HookPointsAndScopesExample.ParseError.self) { try Parser().parse("twelve") }

        #expect(Meter(reading: 7).read() == 7)

        let canvas = Canvas()
        let drawing = try Rendering.draw.before(.object(canvas)) { renderer, _ in
            print("drawing on the canvas")
        }
        canvas.render()  // drawing on the canvas
        Canvas().render()  // nothing: another object
        let drawn = printed.take()
        #expect(drawn == ["drawing on the canvas"])
        drawing.cancel()

        let shop = Cart()
        let scoped = [
            try Cart.add.after(.type(GiftCart.self)) { cart, arguments, _ in print("wrapping", arguments.item) },
            try Cart.add.after(.exactType(Cart.self)) { cart, arguments, _ in print("plain cart") },
            try Cart.add.after(.instance(shop)) { cart, arguments, _ in print("the shop's cart") },
        ]
        GiftCart().add("scarf", quantity: 1)
        shop.add("apple", quantity: 1)
        Cart().add("plum", quantity: 1)
        #expect(printed.take() == ["wrapping scarf", "the shop's cart", "plain cart", "plain cart"])
        scoped.forEach { $0.cancel() }

        let first = try Cart.add.before(priority: 10, label: "first item", once: true) { cart, arguments in
            print("the cart's first item:", arguments.item)
        }
        cart.add("fig", quantity: 1)
        cart.add("kiwi", quantity: 1)
        #expect(printed.take() == ["the cart's first item: fig"] && !first.isActive)

        do {
            try Cart.add.before(.type(String.self)) { _, _ in }
        } catch {
            print(error.code == .incompatibleScopeType)  // true
        }
        #expect(printed.take() == ["true"])
        #expect(Cart.add.hooks.isEmpty && Parser.parse.hooks.isEmpty && Rendering.draw.hooks.isEmpty)
    }

    @Test("Hook points and scopes: an overridable method's type hook runs once per call, around the override")
    func overridableMethod() throws {
        typealias Feed = OverridableMethodExample.Feed
        let trace = Trace()
        let token = try Feed.reload.before(.type(Feed.self)) { feed, _ in trace.record("hook(\(type(of: feed)))") }
        defer { token.cancel() }
        #expect(OverridableMethodExample.CachedFeed().reload() == 11)
        #expect(Feed().reload() == 10)
        #expect(trace.all == ["hook(CachedFeed)", "hook(Feed)"])
    }

    @Test("The order contract: across levels, within a level, removing a link, introspection")
    func orderContract() throws {
        typealias Shape = OrderContractExample.Shape
        typealias Polygon = OrderContractExample.Polygon
        typealias Square = OrderContractExample.Square
        typealias Printer = OrderContractExample.Printer

        let square = Square()

        try Shape.draw.after(.all, label: "after all") { _, _, _ in print("after all") }
        try Shape.draw.before(.instance(square), label: "before instance") { _, _ in print("before instance") }
        try Shape.draw.override(.type(Polygon.self), label: "override Polygon") { original in
            { shape, arguments in
                print("override Polygon")
                return original(shape, arguments)
            }
        }
        try Shape.draw.before(.all, label: "before all") { _, _ in print("before all") }
        try Shape.draw.after(.type(Polygon.self), label: "after Polygon") { _, _, _ in print("after Polygon") }
        let instanceOverride = try Shape.draw.override(.instance(square), label: "override instance") { original in
            { shape, arguments in
                print("override instance")
                return original(shape, arguments)
            }
        }
        try Shape.draw.before(.type(Polygon.self), label: "before Polygon") { _, _ in print("before Polygon") }
        try Shape.draw.after(.instance(square), label: "after instance") { _, _, _ in print("after instance") }
        try Shape.draw.override(.all, label: "override all") { original in
            { shape, arguments in
                print("override all")
                return original(shape, arguments)
            }
        }

        _ = square.draw()
        #expect(
            printed.take() == [
                "before all", "before Polygon", "before instance", "override instance", "override Polygon",
                "override all", "body", "after instance", "after Polygon", "after all",
            ])
        _ = Shape().draw()
        #expect(printed.take() == ["before all", "override all", "body", "after all"])

        try Printer.printPage.before(label: "warm up") { _, _ in print("warm up") }
        try Printer.printPage.before(label: "load paper") { _, _ in print("load paper") }
        try Printer.printPage.before(priority: 10, label: "wake up") { _, _ in print("wake up") }
        try Printer.printPage.after(label: "count") { _, _, _ in print("count") }
        try Printer.printPage.after(label: "staple") { _, _, _ in print("staple") }
        try Printer.printPage.after(priority: 10, label: "sleep") { _, _, _ in print("sleep") }

        Printer().printPage(1)
        #expect(
            printed.take() == ["wake up", "warm up", "load paper", "page 1", "staple", "count", "sleep"])

        instanceOverride.cancel()
        _ = square.draw()
        #expect(
            printed.take() == [
                "before all", "before Polygon", "before instance", "override Polygon", "override all", "body",
                "after instance", "after Polygon", "after all",
            ])

        for hook in Shape.draw.hooks(forType: Polygon.self) {
            print(hook)
        }
        let module = "HookKitTests.OrderContractExample"
        #expect(
            printed.take() == [
                "before all priority 0 'before all'",
                "before type(\(module).Polygon) priority 0 'before Polygon'",
                "override type(\(module).Polygon) priority 0 'override Polygon'",
                "override all priority 0 'override all'",
                "after type(\(module).Polygon) priority 0 'after Polygon'",
                "after all priority 0 'after all'",
            ])
    }

    @Test("Coming from Objective-C swizzling: before, after, a subclass override, a once instance hook")
    func comingFromSwizzling() throws {
        typealias ProfileView = SwizzlingExample.ProfileView
        typealias CompactProfileView = SwizzlingExample.CompactProfileView

        let measure = try ProfileView.layout.before(label: "measure") { view, _ in
            print("layout starts:", view)
        }
        let report = try ProfileView.layout.after(label: "report") { view, _, _ in
            print("layout done:", view)
        }
        let compact = try ProfileView.layout.override(.type(CompactProfileView.self), label: "compact") { original in
            { view, arguments in
                print("compact layout")
                original(view, arguments)
            }
        }

        let header = ProfileView()
        let firstLayout = try ProfileView.layout.after(.instance(header), once: true) { view, _, _ in
            print("first layout of the header")
        }

        CompactProfileView().layout()
        header.layout()
        header.layout()
        let view = "HookKitTests.SwizzlingExample"
        #expect(
            printed.take() == [
                "layout starts: \(view).CompactProfileView", "compact layout",
                "layout done: \(view).CompactProfileView",
                "layout starts: \(view).ProfileView", "first layout of the header", "layout done: \(view).ProfileView",
                "layout starts: \(view).ProfileView", "layout done: \(view).ProfileView",
            ])

        for token in [compact, measure, report, firstLayout] {  // any order
            token.cancel()
        }
        #expect(ProfileView.layout.hooks.isEmpty)
    }

    @Test("Thread safety and cost: a hook that cancels itself through its token")
    func hookThatCancelsItself() throws {
        typealias Greeter = GettingStartedExample.Greeter

        let token = Mutex<HookToken?>(nil)
        let registered = try Greeter.greet.before { greeter, name in
            guard name == "Ada" else { return }
            print("Ada came: this hook stops")
            token.withLock { $0 }?.cancel()
        }
        token.withLock { $0 = registered }

        for name in ["Bob", "Ada", "Ada"] { _ = Greeter().greet(name) }
        #expect(printed.take() == ["Ada came: this hook stops"])
        #expect(!registered.isActive)
        #expect(Greeter.greet.hooks.isEmpty)
    }

    /// The global switches of "Thread safety and cost": compiled, never run, because they apply to the whole
    /// process and other tests run in parallel (GlobalSwitchTests runs them, in a process of its own).
    static func globalSwitchExamples() {
        Hooks.isEnabled = false  // every hooked method now runs its plain body
        Hooks.isEnabled = true  // and every registered hook is back

        Hooks.tracer = HookTracer { event in
            print(event)  // Shape.draw on Shapes.Square: before all 'before all', …, body, after all 'after all'
        }
        defer { Hooks.tracer = nil }
        _ = OrderContractExample.Square().draw()
    }
}
