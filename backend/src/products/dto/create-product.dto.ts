import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { sanitizeRichText } from '../../common/sanitize/rich-text';
import { booleanFromForm, numberFromForm, trimmed } from '../../common/validation/transforms';

/** Fields of a product, as multipart form fields (the image goes in `Userimg`) or JSON. */
export class CreateProductDto {
  @ApiProperty({ example: 'Indigo handloom cotton' })
  @Transform(trimmed)
  @IsString({ message: 'Product name must be text' })
  @IsNotEmpty({ message: 'Product name is required' })
  @MaxLength(120, { message: 'Product name must be at most 120 characters' })
  ProductName: string;

  @ApiProperty({
    example: 'Cotton',
    description: 'One of the categories in use, a default, or a new one',
  })
  @Transform(trimmed)
  @IsString({ message: 'Category must be text' })
  @IsNotEmpty({ message: 'Category is required' })
  @MaxLength(60, { message: 'Category must be at most 60 characters' })
  ProductCategory: string;

  @ApiPropertyOptional({ example: 1450, description: 'Value (price) in rupees' })
  @Transform(numberFromForm)
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Value must be a number' })
  @Min(0, { message: 'Value cannot be negative' })
  @Max(1_000_000_000, { message: 'Value is too large' })
  ProductPrice?: number | null;

  @ApiPropertyOptional({ example: 'Hand-dyed, hand-woven, made to last' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Heading must be text' })
  @MaxLength(200, { message: 'Heading must be at most 200 characters' })
  ProductHeading?: string;

  @ApiPropertyOptional({
    example: '<p>Woven on <strong>pit looms</strong> in Bhuj.</p>',
    description: 'HTML; sanitised on the server',
  })
  @IsOptional()
  @IsString({ message: 'Description must be text' })
  @MaxLength(100_000, { message: 'Description is too long' })
  @Transform(({ value }) => (typeof value === 'string' ? sanitizeRichText(value) : value))
  ProductDescription?: string;

  @ApiPropertyOptional({ example: 'In stock' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Status must be text' })
  @MaxLength(60, { message: 'Status must be at most 60 characters' })
  ProductStatus?: string;

  @ApiPropertyOptional({ example: 'Taj Hotels' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Client must be text' })
  @MaxLength(120, { message: 'Client must be at most 120 characters' })
  ProductClient?: string;

  @ApiPropertyOptional({ example: 'Jaipur' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Location must be text' })
  @MaxLength(120, { message: 'Location must be at most 120 characters' })
  ProductLocation?: string;

  @ApiPropertyOptional({ example: '44 in width, 120 GSM' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Size must be text' })
  @MaxLength(120, { message: 'Size must be at most 120 characters' })
  ProductSize?: string;

  @ApiPropertyOptional({ example: true, default: true, description: 'Shown to visitors' })
  @Transform(booleanFromForm)
  @IsOptional()
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;
}

/** The multipart form as Swagger shows it: the fields plus the image. */
export class ProductForm extends CreateProductDto {
  @ApiPropertyOptional({
    type: 'string',
    format: 'binary',
    description: 'JPEG, PNG, WebP, AVIF or GIF',
  })
  Userimg?: unknown;
}
