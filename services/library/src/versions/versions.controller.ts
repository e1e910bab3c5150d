import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import {
  subjects,
  type Prompt,
  type PromptHistoryPage,
  type PromptVersion,
  type PromptVersionsPage,
} from '@promptlib/proto';
import {
  VersionsService,
  type PromptHistoryRequest,
  type PromptVersionRequest,
  type PromptVersionsRequest,
} from './versions.service';

@Controller()
export class VersionsController {
  constructor(private readonly versions: VersionsService) {}

  @Handles(subjects.library.versionsList)
  list(request: PromptVersionsRequest): Promise<PromptVersionsPage> {
    return this.versions.list(request);
  }

  @Handles(subjects.library.versionsGet)
  get(request: PromptVersionRequest): Promise<PromptVersion> {
    return this.versions.get(request);
  }

  @Handles(subjects.library.versionsRestore)
  restore(request: PromptVersionRequest): Promise<Prompt> {
    return this.versions.restore(request);
  }

  @Handles(subjects.library.versionsHistory)
  history(request: PromptHistoryRequest): Promise<PromptHistoryPage> {
    return this.versions.history(request);
  }
}
