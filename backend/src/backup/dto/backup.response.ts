import { ApiProperty } from '@nestjs/swagger';

/** One archive in $DATA_DIR/backups. */
export class BackupResponse {
  @ApiProperty({ example: 'vitrine-2026-11-23T00-00-00Z.tar.gz' })
  name: string;

  @ApiProperty({ example: 5_242_880, description: 'Size of the archive in bytes' })
  bytes: number;

  @ApiProperty({ example: '2026-11-23T00:00:03.000Z', description: 'When it was written' })
  createdAt: Date;
}
