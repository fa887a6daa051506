import HookKit
import LifecycleKit
import Testing

/// What an interactive pop reports (``NavigationController/interactivePopDidChange``, the observers'
/// `interactivePopDidBegin` and `interactivePopDidEnd`) and what its delegate hears, whatever the app's code asks from
/// inside those reports and the pop's calls.
@Suite("What an interactive pop reports")
struct InteractivePopReportTests {
    /// The host with B pushed on A, its reports and an observer's recorded in its log from now on.
    static func hostWithReports() throws -> (host: NavigationHost, b: ScriptedScreen, tokens: [HookToken]) {
        let host = try NavigationHost()
        let b = ScriptedScreen("B", host.log)
        try host.navigation.push(b, animated: false)
        let log = host.log
        let reports = try NavigationController.interactivePopDidChange.after(.instance(host.navigation)) {
            _, event, _ in log.add("report \(event.phase) \(event.progress)")
        }
        // Held by the window, which the host keeps.
        host.window.addObserver(RecordingObserver("O", log, kinds: [.pop]))
        _ = log.take()
        return (host, b, [reports])
    }

    @Test(
        "a pop ended from the report of its beginning ends once every listener heard that it began",
        arguments: [true, false])
    func endedFromItsBeganReport(finish: Bool) throws {
        let (host, _, tokens) = try Self.hostWithReports()
        defer { tokens.forEach { $0.cancel() } }
        // Registered first: it runs before the recording hook, and before the observers.
        let ending = try NavigationController.interactivePopDidChange.before(.instance(host.navigation)) {
            navigation, event in
            guard event.phase == .began, let pop = navigation.interactivePop else { return }
            if finish { pop.finish() } else { pop.cancel() }
        }
        defer { ending.cancel() }
        let log = host.log
        let pop = try host.navigation.beginInteractivePop(translation: 10) { log.add("completion \($0)") }
        let began = [
            "B.willPop(true)", "B.willMove(nil)", "B.viewWillDisappear", "A.viewWillAppear", "nav.willShow(A)",
            "report began 0.0", "O pop began B in nav",
        ]
        let ended =
            finish
            ? [
                "B.viewDidDisappear", "B.didPop(true)", "B.didMove(nil)", "A.viewDidAppear", "nav.didShow(A)",
                "report finished 1.0", "O pop finished B", "completion completed",
            ]
            : [
                "A.viewWillDisappear", "A.viewDidDisappear", "B.viewWillAppear", "B.viewDidAppear", "nav.willShow(B)",
                "nav.didShow(B)", "report cancelled 0.0", "O pop cancelled B", "completion cancelled",
            ]
        #expect(log.take() == began + ended)
        #expect(pop.state == (finish ? .finished : .cancelled) && host.navigation.interactivePop == nil)
    }

    @Test("progress reported from the beginning's calls rides on the began report; an unchanged one reports nothing")
    func progressReportedWhileItBegins() throws {
        let (host, b, tokens) = try Self.hostWithReports()
        defer { tokens.forEach { $0.cancel() } }
        b.actions["viewWillDisappear"] = { [navigation = host.navigation] in
            navigation.interactivePop?.update(progress: 0.5)
        }
        let pop = try host.navigation.beginInteractivePop(translation: 10)
        #expect(
            host.log.take() == [
                "B.willPop(true)", "B.willMove(nil)", "B.viewWillDisappear", "A.viewWillAppear", "nav.willShow(A)",
                "report began 0.5", "O pop began B in nav",
            ])
        pop.update(progress: 0.5)
        pop.update(progress: 0.75)
        pop.update(progress: 2)
        pop.update(progress: 1)
        #expect(host.log.take() == ["report changed 0.75", "report changed 1.0"])
        pop.cancel()
    }

    @Test("progress changed from inside a report is reported after it, to every listener, before an end asked there")
    func progressChangedFromInsideAReport() throws {
        // Found by review (helper-215): an update from the began report was never reported, and one from a changed
        // report reached the later listeners after the end asked with it, and after its completion.
        let (host, _, tokens) = try Self.hostWithReports()
        defer { tokens.forEach { $0.cancel() } }
        // Registered first: it runs before the recording hook.
        let acting = try NavigationController.interactivePopDidChange.before(.instance(host.navigation)) {
            navigation, event in
            guard let pop = navigation.interactivePop else { return }
            switch (event.phase, event.progress) {
            case (.began, _): pop.update(progress: 0.3)
            case (.changed, 0.5):
                pop.update(progress: 0.95)
                pop.finish()
            default: break
            }
        }
        defer { acting.cancel() }
        let log = host.log
        let pop = try host.navigation.beginInteractivePop(translation: 10) { log.add("completion \($0)") }
        #expect(log.take().suffix(3) == ["report began 0.0", "O pop began B in nav", "report changed 0.3"])
        pop.update(progress: 0.3)  // the driver's own report of the same progress: nothing new
        pop.update(progress: 0.5)
        #expect(
            log.take() == [
                "report changed 0.5", "report changed 0.95", "B.viewDidDisappear", "B.didPop(true)", "B.didMove(nil)",
                "A.viewDidAppear", "nav.didShow(A)", "report finished 1.0", "O pop finished B", "completion completed",
            ])
    }

    @Test("progress changed and changed back inside a report is not reported; endless changes stop being reported")
    func progressChangedBackOrForever() throws {
        // Found by review (helper-217): a change undone inside the began report was reported, and listeners that change
        // the progress in every report never let the reports end.
        let (host, _, tokens) = try Self.hostWithReports()
        defer { tokens.forEach { $0.cancel() } }
        let acting = try NavigationController.interactivePopDidChange.before(.instance(host.navigation)) {
            navigation, event in
            guard let pop = navigation.interactivePop else { return }
            if event.phase == .began {
                pop.update(progress: 0.5)
                pop.update(progress: 0)
            } else if event.phase == .changed {
                pop.update(progress: 1 - event.progress)  // never settles
            }
        }
        defer { acting.cancel() }
        let pop = try host.navigation.beginInteractivePop(translation: 10)
        #expect(host.log.take().suffix(2) == ["report began 0.0", "O pop began B in nav"])
        pop.update(progress: 0.25)
        let reports = host.log.take()
        #expect(reports.count == 1_000 && reports.first == "report changed 0.25")
        #expect(reports.last == "report changed 0.75" && pop.progress == 0.25)
        pop.cancel()
        #expect(host.log.take().suffix(2) == ["report cancelled 0.25", "O pop cancelled B"])
    }

    @Test(
        "a cancelled pop tells the delegate of the screen it brought back, even if that screen's calls change the top",
        arguments: ["viewWillAppear", "viewDidAppear"])
    func cancelledPopWhoseScreenChangesTheTop(call: String) throws {
        let (host, b, tokens) = try Self.hostWithReports()
        defer { tokens.forEach { $0.cancel() } }
        let c = host.screen("C")
        let pop = try host.navigation.beginInteractivePop(translation: 10)
        b.actions[call] = { [navigation = host.navigation] in try? navigation.push(c, animated: true) }
        _ = host.log.take()
        pop.cancel()
        host.window.transitionDriver.completeAll()
        // B came back on screen: the delegate hears of it, as after a push or a finished pop whose calls changed the
        // top; then the push, queued behind the pop.
        let cameBack =
            call == "viewWillAppear"
            ? ["A.viewWillDisappear", "A.viewDidDisappear", "B.viewWillAppear", "C.willMove(nav)", "B.viewDidAppear"]
            : ["A.viewWillDisappear", "A.viewDidDisappear", "B.viewWillAppear", "B.viewDidAppear", "C.willMove(nav)"]
        #expect(
            host.log.take().filter { !$0.contains("oad") } == cameBack + [
                "nav.willShow(B)", "nav.didShow(B)", "report cancelled 0.0", "O pop cancelled B",
                "B.viewWillDisappear", "C.viewWillAppear", "nav.willShow(C)", "B.viewDidDisappear", "C.viewDidAppear",
                "C.didMove(nav)", "nav.didShow(C)",
            ])
    }
}
