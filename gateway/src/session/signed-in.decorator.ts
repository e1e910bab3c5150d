import { UseGuards, applyDecorators } from '@nestjs/common';
import { SignedInGuard, SignedInImportGuard, SignedInWriteGuard } from './signed-in.guard';

/** A read of the signed-in user's own data. */
export const SignedIn = () => applyDecorators(UseGuards(SignedInGuard));

/** A change to the signed-in user's own data, within their write allowance. */
export const SignedInWrite = () => applyDecorators(UseGuards(SignedInWriteGuard));

/** A page of an import into the signed-in user's library, within their import allowance. */
export const SignedInImport = () => applyDecorators(UseGuards(SignedInImportGuard));
