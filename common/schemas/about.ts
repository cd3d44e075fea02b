// GET /public/about: the build the console was made from.
import { Type, type Static } from 'typebox';

export const AboutInfo = Type.Object({ branch: Type.String(), commitId: Type.String(), commitTime: Type.Union([Type.String(), Type.Null()]) });
export type AboutInfo = Static<typeof AboutInfo>;
