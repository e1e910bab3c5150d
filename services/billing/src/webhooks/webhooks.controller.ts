import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import { subjects, type WebhookReceived } from '@promptlib/proto';
import { WebhookInbox, type IngestWebhookRequest } from './webhook-inbox';

@Controller()
export class WebhooksController {
  constructor(private readonly inbox: WebhookInbox) {}

  @Handles(subjects.billing.webhooksIngest)
  ingest(request: IngestWebhookRequest): Promise<WebhookReceived> {
    return this.inbox.ingest(request);
  }
}
