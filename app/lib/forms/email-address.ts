import { z } from "zod";

/** An e-mail address as every form takes it: trimmed, required, at most 254 characters, with its messages. */
export const EmailAddressSchema = z
  .string({ required_error: "Please enter your email address." })
  .trim()
  .min(1, "Please enter your email address.")
  .max(254, "That email address is too long. Please use one under 254 characters.")
  .email("Please enter a valid email address, like name@example.com.");
