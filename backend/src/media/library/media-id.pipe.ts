import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

/** A library image's id is the 20 hexadecimal digits its files start with. */
@Injectable()
export class ParseMediaIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!/^[0-9a-f]{20}$/.test(value)) {
      throw new BadRequestException({
        message: `"${String(value).slice(0, 40)}" is not a valid image id`,
        errors: { id: 'Must be a 20-character hexadecimal image id' },
      });
    }
    return value;
  }
}
