import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Model } from 'mongoose';
import { Product } from '../products/schemas/product.schema';

export interface ProductName {
  id: string;
  name: string;
}

/**
 * The names the insights give the products they count by slug, so the owner reads "Teak
 * chair" and can open it; a slug no product has now (renamed or deleted) has none.
 */
@Injectable()
export class InsightsProductNames {
  constructor(@InjectModel(Product.name) private readonly products: Model<Product>) {}

  async of(slugs: string[]): Promise<Map<string, ProductName>> {
    if (!slugs.length) return new Map();
    const found = await this.products
      // Filters are sanitised (sanitizeFilter): this operator is ours.
      .find({ slug: mongoose.trusted({ $in: slugs }) }, { slug: 1, ProductName: 1 })
      .lean<{ _id: unknown; slug: string; ProductName: string }[]>();
    return new Map(
      found.map((product) => [
        product.slug,
        { id: String(product._id), name: product.ProductName },
      ]),
    );
  }
}
