import LifecycleKit
import Testing

/// Statistics under sheets presented over sheets: each screen stays paused while any sheet is above it.
@Suite("Stacked sheet statistics")
struct StackedSheetStatisticsTests {
    @Test("two stacked sheets: the middle one resumes when the top one goes, the bottom one only when both are gone")
    func twoStackedSheets() throws {
        let host = try StatisticsHost()
        let (cart, checkout) = (Cart(), Checkout())
        host.time.advance(by: 1)
        try host.home.present(cart, style: .formSheet, animated: true)  // Home paused at 1
        host.time.advance(by: 2)
        try cart.present(checkout, style: .pageSheet, animated: true)  // Cart paused at 3
        host.time.advance(by: 4)
        checkout.dismiss(animated: true)  // Checkout ends at 7; Cart resumes, Home stays paused
        host.time.advance(by: 8)
        cart.dismiss(animated: true)  // Cart ends at 15; Home resumes
        host.time.advance(by: 16)
        #expect(
            host.statistics.record(named: "Home") == .init(name: "Home", stayTime: 17, viewCount: 1, resumeCount: 1))
        #expect(
            host.statistics.record(named: "Cart") == .init(name: "Cart", stayTime: 10, viewCount: 1, resumeCount: 1))
        #expect(host.statistics.record(named: "Checkout") == .init(name: "Checkout", stayTime: 4, viewCount: 1))
    }
}
