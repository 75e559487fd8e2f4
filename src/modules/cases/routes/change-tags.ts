import { TagsBody } from "../schemas";
import { registerWorkAction } from "./work-action";

export const registerChangeTags = registerWorkAction({
  path: "tags",
  operationId: (op) => `Tag${op}Case`,
  summary: (aCase) => `Tag ${aCase}`,
  description:
    "Add and remove tags: one tag_added/tag_removed entry per tag that changes (at most 20 tags per case; 409 when nothing changes).",
  body: TagsBody,
  service: "changeTags",
});
