# LibreOffice as a shop owner uses it, driven over UNO (python3-uno) for the spreadsheet round-trip
# tests (test/helpers/libreoffice.ts): a LibreOffice started headless with --accept=pipe,name=<pipe>
# is connected to, then one JSON job a line on stdin, one JSON answer a line on stdout:
#   {"locale": "de-DE"}   the locale of number input and output, as Tools > Options > Languages sets it
#   {"open": path, "filter": name, "options": text, "edits": [...], "save": path, "saveFilter": name, "saveOptions": text}
#     opens the file as the import dialog would with those options, types each edit's number into
#     the cell of the row whose `match` column shows `equals`, and saves it in the chosen format.
# At the end of stdin LibreOffice is asked to quit.

import json
import sys
import time

import uno
from com.sun.star.beans import PropertyValue


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def connect(pipe):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    started = time.time()
    while True:
        try:
            return resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        except Exception:
            if time.time() - started > 90:
                raise
            time.sleep(0.1)


def set_locale(ctx, tag):
    provider = ctx.ServiceManager.createInstanceWithContext("com.sun.star.configuration.ConfigurationProvider", ctx)
    access = provider.createInstanceWithArguments("com.sun.star.configuration.ConfigurationUpdateAccess", (prop("nodepath", "/org.openoffice.Setup/L10N"),))
    access.setPropertyValue("ooSetupSystemLocale", tag)
    access.commitChanges()


def column_of(sheet, name):
    for column in range(0, 64):
        if sheet.getCellByPosition(column, 0).getString() == name:
            return column
    raise ValueError("no column %s in the sheet's first row" % name)


def edit(sheet, change):
    match = column_of(sheet, change["match"]["column"])
    target = column_of(sheet, change["set"]["column"])
    for row in range(1, 100000):
        shown = sheet.getCellByPosition(match, row).getString()
        if shown == "":
            break
        if shown == change["match"]["equals"]:
            sheet.getCellByPosition(target, row).setValue(change["set"]["value"])
            return
    raise ValueError("no row whose %s is %s" % (change["match"]["column"], change["match"]["equals"]))


def run(desktop, job):
    load = [prop("Hidden", True), prop("FilterName", job["filter"])]
    if job.get("options") is not None:
        load.append(prop("FilterOptions", job["options"]))
    doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(job["open"]), "_blank", 0, tuple(load))
    try:
        sheet = doc.Sheets.getByIndex(0)
        for change in job.get("edits", []):
            edit(sheet, change)
        save = [prop("FilterName", job["saveFilter"])]
        if job.get("saveOptions") is not None:
            save.append(prop("FilterOptions", job["saveOptions"]))
        doc.storeToURL(uno.systemPathToFileUrl(job["save"]), tuple(save))
    finally:
        doc.close(True)


def main():
    ctx = connect(sys.argv[1])
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        job = json.loads(line)
        try:
            if "locale" in job:
                set_locale(ctx, job["locale"])
            else:
                run(desktop, job)
            print(json.dumps({"ok": True}), flush=True)
        except Exception as error:
            print(json.dumps({"ok": False, "error": str(error)}), flush=True)
    try:
        desktop.terminate()
    except Exception:
        pass


main()
