import HookKit
import Testing

// The README's examples, verbatim, so that they keep compiling and doing what the README says.

struct Order: Sendable {
    var total: Int
}

struct Receipt: Sendable {
    var total: Int
    var note = ""
}

class Checkout {
    static let submit = HookPoint<Checkout, Order, Receipt>("Checkout.submit")

    final func submit(_ order: Order) -> Receipt {
        Self.submit.invoke(self, order) { this, order in  // the original implementation
            this.charge(order)
        }
    }

    func charge(_ order: Order) -> Receipt {
        Receipt(total: order.total)
    }
}

final class GiftCheckout: Checkout {}

/// A cart whose method takes several arguments, as a labelled tuple.
final class Cart {
    static let add = HookPoint<Cart, (item: String, quantity: Int), Void>("Cart.add")

    private(set) var items: [String: Int] = [:]

    func add(_ item: String, quantity: Int) {
        Self.add.invoke(self, (item, quantity)) { this, arguments in
            this.items[arguments.item, default: 0] += arguments.quantity
        }
    }
}

/// A point that declares its body, as the README shows it.
final class Pricing {
    static let quote = HookPoint<Pricing, Int, Int>("Pricing.quote") { pricing, quantity in
        pricing.unitPrice * quantity
    }

    let unitPrice = 3

    func quote(_ quantity: Int) -> Int {
        Self.quote.invoke(self, quantity)
    }
}

@Suite("README examples", .serialized)
struct ReadmeExampleTests {
    @Test("the three kinds, the scopes and cancellation, as the README shows them")
    func readme() throws {
        let trace = Trace()
        // Before hooks see the receiver and the arguments.
        let audit = try Checkout.submit.before(label: "audit") { checkout, order in
            trace.record("submitting \(order.total)")
        }

        // After hooks also see the result.
        let charged = try Checkout.submit.after { checkout, order, receipt in
            trace.record("charged \(receipt.total)")
        }

        // Overrides replace the implementation.
        let gift = try Checkout.submit.override(.type(GiftCheckout.self)) { original in
            { checkout, order in
                var receipt = original(checkout, Order(total: order.total + 5))  // gift wrapping
                receipt.note = "gift"
                return receipt
            }
        }

        let vip = Checkout()
        let vipHook = try Checkout.submit.before(.instance(vip), priority: 10, label: "vip") { _, _ in
            trace.record("VIP checkout")
        }

        #expect(Checkout().submit(Order(total: 10)).total == 10)
        let giftReceipt = GiftCheckout().submit(Order(total: 10))
        #expect(giftReceipt.total == 15 && giftReceipt.note == "gift")
        _ = vip.submit(Order(total: 1))
        #expect(
            trace.take() == [
                "submitting 10", "charged 10", "submitting 10", "charged 15", "submitting 1", "VIP checkout",
                "charged 1",
            ])
        #expect(Checkout.submit.hooks(for: vip).map(\.label) == ["audit", "vip", nil])

        #expect(audit.cancel())  // true: removed
        #expect(!audit.cancel())  // false: nothing left to remove
        for token in [charged, gift, vipHook] {
            token.cancel()
        }
        #expect(Checkout.submit.hooks.isEmpty)
    }

    @Test("a point that declares its body: invoke(self, arguments), and overrides end in the body")
    func declaredBody() throws {
        let pricing = Pricing()
        #expect(pricing.quote(4) == 12)
        let discount = try Pricing.quote.override { original in { pricing, quantity in original(pricing, quantity) - 1 }
        }
        #expect(pricing.quote(4) == 11)
        discount.cancel()
        #expect(pricing.quote(4) == 12)
    }

    @Test("several arguments travel as a labelled tuple")
    func tupleArguments() throws {
        let cart = Cart()
        let token = try Cart.add.override(.instance(cart)) { original in
            { cart, arguments in original(cart, (arguments.item.uppercased(), arguments.quantity * 2)) }
        }
        defer { token.cancel() }
        cart.add("pear", quantity: 2)
        Cart().add("plum", quantity: 1)
        #expect(cart.items == ["PEAR": 4])
    }
}
