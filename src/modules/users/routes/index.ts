import type { App } from "../../../http/context";
import { registerCreateUser } from "./create-user";
import { registerCreateUserKey } from "./create-user-key";
import { registerGetUser } from "./get-user";
import { registerListUsers } from "./list-users";
import { registerUpdateUser } from "./update-user";

export function registerUserRoutes(app: App): void {
  registerCreateUser(app);
  registerListUsers(app);
  registerGetUser(app);
  registerUpdateUser(app);
  registerCreateUserKey(app);
}
