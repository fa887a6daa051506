/// The receipt after an order.
final class ReceiptScreen: DemoScreen {}
