import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { isValidObjectId } from 'mongoose';

/** `:id` route parameters must be ObjectIds: a malformed one is a 400, not a 404 or a 500. */
@Injectable()
export class ParseObjectIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isValidObjectId(value) || !/^[0-9a-f]{24}$/i.test(value)) {
      throw new BadRequestException({
        message: `"${String(value).slice(0, 40)}" is not a valid id`,
        errors: { id: 'Must be a 24-character hexadecimal id' },
      });
    }
    return value;
  }
}
