/// The list of products.
final class ProductListScreen: DemoScreen {}
