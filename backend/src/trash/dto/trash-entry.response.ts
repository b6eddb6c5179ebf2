import { ApiProperty } from '@nestjs/swagger';
import { TRASH_TYPES, type TrashType } from '@vitrine/contracts';
import { Media } from '../../media/media.types';

export class ActorResponse {
  @ApiProperty({ example: '665f1c2e8b3e4a0012345670' })
  id: string;

  @ApiProperty({ example: 'admin' })
  UserName: string;
}

/** A deleted item as the trash lists it (never its stored document). */
export class TrashEntryResponse {
  @ApiProperty({ example: '665f1c2e8b3e4a00123456aa', description: 'The trash entry (trashId)' })
  _id: string;

  @ApiProperty({ enum: TRASH_TYPES, example: 'product' })
  type: TrashType;

  @ApiProperty({ example: '665f1c2e8b3e4a0012345678', description: "The item's own _id" })
  itemId: string;

  @ApiProperty({ example: 'Indigo handloom cotton' })
  name: string;

  @ApiProperty({ type: ActorResponse, nullable: true, description: 'Null when no user did it' })
  deletedBy: ActorResponse | null;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  deletedAt: Date;

  @ApiProperty({
    example: '2026-12-22T10:00:00.000Z',
    description: 'When it is deleted for good, images included (TRASH_DAYS after deletedAt)',
  })
  purgeAt: Date;

  @ApiProperty({ type: Media, nullable: true, description: 'Its first image, for a thumbnail' })
  image: Media | null;
}

export class RestoredItemResponse {
  @ApiProperty({ enum: TRASH_TYPES, example: 'product' })
  type: TrashType;

  @ApiProperty({ example: '665f1c2e8b3e4a0012345678', description: 'The same _id it had' })
  _id: string;

  @ApiProperty({ example: 'Indigo handloom cotton' })
  name: string;
}
