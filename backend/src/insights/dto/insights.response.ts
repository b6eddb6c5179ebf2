import { ApiProperty } from '@nestjs/swagger';
import { INSIGHTS_ACTIONS, type InsightsAction } from '@vitrine/contracts';
import {
  DEVICE_CLASSES,
  REFERRER_GROUPS,
  type DeviceClass,
  type ReferrerGroup,
} from '../insights-classify';

export class InsightsPeriod {
  @ApiProperty({ example: '2026-11-01' })
  from!: string;

  @ApiProperty({ example: '2026-11-30' })
  to!: string;

  @ApiProperty({ example: 1520 })
  views!: number;

  @ApiProperty({ example: 430, description: 'Unique visitors, each day counted on its own' })
  visitors!: number;
}

export class InsightsDay {
  @ApiProperty({ example: '2026-11-30' })
  day!: string;

  @ApiProperty({ example: 52 })
  views!: number;

  @ApiProperty({ example: 17 })
  visitors!: number;
}

export class InsightsPreviousPeriod extends InsightsPeriod {
  @ApiProperty({ type: [InsightsDay], description: 'Every day of it, oldest first' })
  days!: InsightsDay[];
}

export class InsightsSummaryResponse extends InsightsPeriod {
  @ApiProperty({ example: 'Asia/Kolkata', description: 'TIME_ZONE, in which days are counted' })
  timeZone!: string;

  @ApiProperty({ type: [InsightsDay], description: 'Every day of the range, oldest first' })
  days!: InsightsDay[];

  @ApiProperty({
    type: InsightsPreviousPeriod,
    description: 'The same number of days just before',
  })
  previous!: InsightsPreviousPeriod;

  @ApiProperty({ example: 3, description: 'Visitors seen in the last five minutes' })
  live!: number;
}

export class InsightsPageCount {
  @ApiProperty({ example: '/products' })
  path!: string;

  @ApiProperty({ example: 310 })
  views!: number;
}

export class InsightsProductCount {
  @ApiProperty({ example: 'teak-chair' })
  slug!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Teak chair',
    description: 'The name of the product with this slug now; null if none has it',
  })
  name!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '6751c0ffee0000000000abcd',
    description: "That product's id, for its edit screen; null if none",
  })
  id!: string | null;

  @ApiProperty({ example: 120 })
  views!: number;

  @ApiProperty({
    example: 80,
    description: 'Unique visitors of its page, each day counted on its own',
  })
  visitors!: number;

  @ApiProperty({ example: 6, description: 'Enquiry and call-back forms sent from its page' })
  enquiries!: number;

  @ApiProperty({ example: 0.05, description: 'enquiries / views; 0 without views' })
  conversion!: number;
}

export class InsightsProductDay extends InsightsDay {
  @ApiProperty({ example: 1 })
  enquiries!: number;
}

export class InsightsProductNumbers extends InsightsProductCount {
  @ApiProperty({ example: '2026-11-01' })
  from!: string;

  @ApiProperty({ example: '2026-11-30' })
  to!: string;

  @ApiProperty({ type: [InsightsProductDay], description: 'Every day of the range, oldest first' })
  days!: InsightsProductDay[];
}

export class InsightsReferrerCount {
  @ApiProperty({ example: 'google.com', description: 'The host, or direct' })
  host!: string;

  @ApiProperty({ enum: REFERRER_GROUPS, example: 'search' })
  group!: ReferrerGroup;

  @ApiProperty({ example: 88 })
  views!: number;
}

export class InsightsReferrerGroupCount {
  @ApiProperty({ enum: REFERRER_GROUPS, example: 'search' })
  group!: ReferrerGroup;

  @ApiProperty({ example: 140 })
  views!: number;
}

export class InsightsReferrersResponse {
  @ApiProperty({ type: [InsightsReferrerGroupCount], description: 'Every group, most first' })
  groups!: InsightsReferrerGroupCount[];

  @ApiProperty({ type: [InsightsReferrerCount], description: 'Hosts, most first (100 at most)' })
  hosts!: InsightsReferrerCount[];
}

export class InsightsActionCount {
  @ApiProperty({ enum: INSIGHTS_ACTIONS, example: 'whatsapp' })
  action!: InsightsAction;

  @ApiProperty({ example: 12 })
  count!: number;
}

export class InsightsDeviceCount {
  @ApiProperty({ enum: DEVICE_CLASSES, example: 'phone' })
  device!: DeviceClass;

  @ApiProperty({ example: 900 })
  views!: number;
}
