/// One product.
final class ProductDetailScreen: DemoScreen {}
