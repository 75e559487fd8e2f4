import type { App } from "../../../../http/context";
import { CASE_KINDS as CASE_FILE_KINDS } from "../domain/upload";
import { registerDownloadFile } from "./download-file";
import { registerListFiles } from "./list-files";
import { registerUploadFile } from "./upload-file";

/** The same operations on fraud and AML cases, under each kind's path and scopes. */
export function registerCaseFileRoutes(app: App): void {
  for (const kind of CASE_FILE_KINDS) {
    registerUploadFile(app, kind);
    registerListFiles(app, kind);
    registerDownloadFile(app, kind);
  }
}
