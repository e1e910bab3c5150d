import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import { subjects, type GoogleSignInReply, type ParsedRequestOf } from '@promptlib/proto';
import { GoogleSignInService } from './google-sign-in.service';

@Controller()
export class GoogleSignInController {
  constructor(private readonly google: GoogleSignInService) {}

  @Handles(subjects.auth.usersGoogleSignIn)
  signIn(request: ParsedRequestOf<typeof subjects.auth.usersGoogleSignIn>): Promise<GoogleSignInReply> {
    return this.google.signIn(request);
  }
}
