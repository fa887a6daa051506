/// The cart, presented as a sheet.
final class CartScreen: DemoScreen {}
