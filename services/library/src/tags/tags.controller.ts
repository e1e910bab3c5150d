import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import { subjects, type TagChanged, type TagSummary, type UserScoped } from '@promptlib/proto';
import { TagsService, type RenameTagRequest, type TagRequest } from './tags.service';

@Controller()
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Handles(subjects.library.tagsList)
  list(request: UserScoped): Promise<TagSummary[]> {
    return this.tags.list(request);
  }

  @Handles(subjects.library.tagsRename)
  rename(request: RenameTagRequest): Promise<TagChanged> {
    return this.tags.rename(request);
  }

  @Handles(subjects.library.tagsDelete)
  delete(request: TagRequest): Promise<TagChanged> {
    return this.tags.delete(request);
  }
}
