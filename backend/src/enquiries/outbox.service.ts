import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import type { Transporter } from 'nodemailer';
import type { MailConfig } from '../config/mail.config';
import { claimDue, OutboxPoller } from '../jobs/leased-outbox';
import type { NotificationMail } from './enquiry-mail';
import {
  describeMailError,
  outboxSettings,
  retryDelay,
  type OutboxSettings,
} from './outbox.settings';
import { OutboxMessage, type OutboxMessageDocument } from './schemas/outbox-message.schema';

/**
 * The enquiry outbox: `enqueue` stores a notification next to the enquiry, and a worker
 * (running while the module lives) delivers due messages through SMTP_URL, retrying with
 * exponential backoff. Claims are atomic and leased (`claimDue`), so several API processes
 * can share one outbox without sending a mail twice. Without SMTP_URL or ENQUIRY_NOTIFY_TO the worker
 * does not run and messages wait, pending, until mail is configured.
 */
@Injectable()
export class OutboxService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Outbox');
  private readonly settings: OutboxSettings;
  private transport?: Transporter;
  /** The SMTP user and password, kept out of stored errors. */
  private secrets: string[] = [];
  private poller?: OutboxPoller;

  constructor(
    @InjectModel(OutboxMessage.name) private readonly messages: Model<OutboxMessage>,
    private readonly config: ConfigService,
  ) {
    this.settings = outboxSettings(config.getOrThrow<MailConfig>('mail').outbox);
  }

  /** Queues the notification about an enquiry, once: queuing it again changes nothing. */
  async enqueue(enquiryId: Types.ObjectId, mail: NotificationMail): Promise<void> {
    await this.messages
      .updateOne(
        { enquiryId },
        {
          $setOnInsert: {
            enquiryId,
            to: this.mailConfig.notifyTo ?? null,
            replyTo: mail.replyTo,
            subject: mail.subject,
            text: mail.text,
            status: 'pending',
            attempts: 0,
            nextAttemptAt: new Date(),
          },
        },
        { upsert: true },
      )
      .exec();
  }

  /** The notification about an enquiry, if one was queued. */
  latestFor(enquiryId: Types.ObjectId | string): Promise<OutboxMessage | null> {
    return this.messages
      .findOne({ enquiryId })
      .sort({ createdAt: -1 })
      .lean<OutboxMessage>()
      .exec();
  }

  async removeFor(enquiryId: Types.ObjectId | string): Promise<void> {
    await this.messages.deleteMany({ enquiryId }).exec();
  }

  async onModuleInit() {
    const { smtpUrl, notifyTo } = this.mailConfig;
    if (!smtpUrl || !notifyTo) {
      this.logger.warn(
        'Mail is not configured (SMTP_URL and ENQUIRY_NOTIFY_TO): enquiries are stored and ' +
          'their notifications wait in the outbox until it is',
      );
      return;
    }
    // Loaded only when mail is configured: otherwise nodemailer's modules would sit in the heap
    // of every instance, mail or not (bench:api's "API resident memory" line).
    const [{ createTransport }, { parseConnectionUrl }] = await Promise.all([
      import('nodemailer'),
      import('nodemailer/lib/shared'),
    ]);
    const connection = parseConnectionUrl(smtpUrl);
    const auth = connection.auth as { user?: unknown; pass?: unknown } | undefined;
    this.secrets = [auth?.user, auth?.pass].filter(
      (secret): secret is string => typeof secret === 'string',
    );
    this.transport = createTransport({ ...connection, ...this.settings.smtpTimeouts });
    this.logger.log(`Mailing enquiry notifications to ${notifyTo}`);
    this.poller = new OutboxPoller(this.logger, this.settings.pollMs, () => this.sendDue());
    this.poller.start();
  }

  async onModuleDestroy() {
    await this.poller?.stop();
    this.transport?.close();
  }

  /** Whether mail can go out at all (SMTP_URL and ENQUIRY_NOTIFY_TO are set). */
  get configured(): boolean {
    const { smtpUrl, notifyTo } = this.mailConfig;
    return Boolean(smtpUrl && notifyTo);
  }

  private get mailConfig(): MailConfig {
    return this.config.getOrThrow<MailConfig>('mail');
  }

  private async sendDue(): Promise<void> {
    const transport = this.transport;
    for (let sent = 0; transport && sent < this.settings.batchSize; sent++) {
      if (this.poller?.stopping) return;
      const message = await claimDue(this.messages, this.settings.leaseMs);
      if (!message) return;
      await this.deliver(transport, message);
    }
  }

  private async deliver(transport: Transporter, message: OutboxMessageDocument): Promise<void> {
    const { from, notifyTo } = this.mailConfig;
    const claim = { _id: message._id, claimToken: message.claimToken };
    try {
      await transport.sendMail({
        from,
        to: message.to ?? notifyTo,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        text: message.text,
      });
    } catch (error) {
      const lastError = describeMailError(error, this.secrets);
      const givenUp = message.attempts >= this.settings.maxAttempts;
      await this.messages
        .updateOne(claim, {
          $set: givenUp
            ? { status: 'failed', lastError, claimToken: null }
            : {
                lastError,
                claimToken: null,
                nextAttemptAt: new Date(Date.now() + retryDelay(message.attempts, this.settings)),
              },
        })
        .exec();
      const about = `Notification ${message.id} (enquiry ${String(message.enquiryId)})`;
      if (givenUp) {
        this.logger.error(`${about} failed ${message.attempts} times, giving up: ${lastError}`);
      } else {
        this.logger.warn(`${about}: attempt ${message.attempts} failed, will retry: ${lastError}`);
      }
      return;
    }
    // Sent. Should this update fail, the lease runs out and the mail goes again: at least
    // once rather than at most once, as a lost notification costs more than a duplicate.
    await this.messages
      .updateOne(claim, {
        $set: { status: 'sent', sentAt: new Date(), lastError: null, claimToken: null },
      })
      .exec();
  }
}
