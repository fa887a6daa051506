import Foundation
import LifecycleKit
import Testing

// Screen types whose names are the statistic names the tests expect.
final class Home: Screen {}
final class ProductList: Screen {}
final class ProductDetail: Screen {}
final class Cart: Screen {}
final class Checkout: Screen {}

/// A custom container: a screen that shows the children it is given.
final class Dashboard: Screen {}

/// A visible window on a virtual clock, with a navigation controller rooted at a `Home` screen and a
/// statistics recorder attached before the window shows, so that Home's first view starts at 0.
struct StatisticsHost {
    let time = VirtualTime()
    let events = EventLog()
    let window: Window
    let navigation: NavigationController
    let home = Home(title: "Home")
    let statistics: ScreenStatistics

    init(
        driver: TransitionDriver.Mode = .immediate, configuration: ScreenStatistics.Configuration = .init(),
        fileURL: URL? = nil
    ) throws {
        window = Window(time: time, transitionDriver: TransitionDriver(mode: driver))
        navigation = try NavigationController(rootScreen: home)
        let events = self.events
        statistics = ScreenStatistics(fileURL: fileURL, time: time, configuration: configuration) { event in
            events.add("\(event)")
        }
        try window.setRootScreen(navigation)
        statistics.attach(to: window)
        window.makeKeyAndVisible()
    }

    /// The report line of `name`, or `none`.
    func line(_ name: String) -> String {
        statistics.record(named: name)?.description ?? "none"
    }

    /// Lets `seconds` pass with Home on screen, then presents a `Cart` over it as a page sheet, which pauses Home.
    func presentCartSheet(after seconds: Double) throws -> Cart {
        time.advance(by: seconds)
        let cart = Cart()
        try home.present(cart, style: .pageSheet, animated: false)
        return cart
    }
}

/// A temporary directory for one test, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("LifecycleKitTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The names of the files in the directory, sorted (hidden ones included).
    func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// The names of the files in the subdirectory `name`, sorted (hidden ones included).
    func fileNames(in name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(name).path).sorted()
    }

    func contents(of name: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Keeps screens alive from outside any hierarchy, as a global cache or a forgotten closure would.
///
/// Unchecked: screens are not `Sendable`, and each test only touches the screens it put in, from its own thread.
final class ScreenRetainer: @unchecked Sendable {
    private let lock = NSLock()
    private var screens: [ObjectIdentifier: Screen] = [:]

    func retain(_ screen: Screen) {
        lock.withLock { screens[ObjectIdentifier(screen)] = screen }
    }

    /// Lets the screen with identity `id` go, without the caller holding it.
    func release(_ id: ObjectIdentifier) {
        let screen = lock.withLock { screens.removeValue(forKey: id) }
        _ = screen  // released here, outside the lock
    }
}

/// The global that leaks screens in the leak-detection tests.
let leakingCache = ScreenRetainer()
