/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Linked with every object of one layer and the layers below it: an object
 * that calls into a higher layer leaves an undefined symbol (layers.cmake). */
int main(void) { return 0; }
