// noBody has no Go body.
